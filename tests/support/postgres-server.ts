import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port.ts";

/** Where Debian's PostgreSQL server binaries live, when installed. */
function serverBinaries(): string | undefined {
  for (const version of ["17", "16", "15"]) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, "initdb")) && existsSync(join(dir, "postgres"))) return dir;
  }
  return undefined;
}

export const postgresAvailable = serverBinaries() !== undefined;

export interface PostgresServer {
  readonly url: string;
  /** Stops the server (fast shutdown: sessions are ended) and keeps its data, for resume(). */
  pause(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  resume(): Promise<void>;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server on loopback with its data in a temp folder. PostgreSQL refuses to run as
 * root, so as root it runs as the postgres user.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = serverBinaries();
  if (!bin) throw new Error("PostgreSQL server binaries are not installed (apt-get install -y postgresql)");
  const dir = mkdtempSync(join(tmpdir(), "pg-"));
  // As root, both programs run as the postgres user (spawn's uid/gid), so signals reach postgres itself.
  let user: { uid: number; gid: number } | Record<string, never> = {};
  if (process.getuid?.() === 0) {
    user = {
      uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
      gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
    };
    chownSync(dir, user.uid, user.gid);
  }
  const data = join(dir, "data");
  execFileSync(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], {
    stdio: "ignore",
    cwd: dir,
    ...user,
  });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = await run(join(bin, "postgres"), { data, port, dir, user, url });
  return {
    url,
    pause: async () => {
      await running.stop();
    },
    resume: async () => {
      running = await run(join(bin, "postgres"), { data, port, dir, user, url });
    },
    stop: async () => {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the server on its data folder and port, and resolves once it accepts connections. */
async function run(
  program: string,
  where: {
    data: string;
    port: number;
    dir: string;
    user: { uid: number; gid: number } | Record<string, never>;
    url: string;
  },
): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    program,
    ["-D", where.data, "-p", String(where.port), "-h", "127.0.0.1", "-k", where.dir, "-c", "fsync=off"],
    { stdio: "ignore", cwd: where.dir, ...where.user },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const client = new pg.Client({ connectionString: where.url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (child.exitCode !== null || Date.now() > deadline) throw new Error("PostgreSQL did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown, which ends every session (clients see their connection terminated).
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
      await exited;
    },
  };
}
