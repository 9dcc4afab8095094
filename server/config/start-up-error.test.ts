import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { startUpErrorMessage } from "./start-up-error.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PASSWORD = "hunter2-Secret";

/** Runs `npm run server`'s program with only the given variables; resolves with its exit code and output. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", INDEXER: "off", PORT: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("start-up errors", () => {
  it("says which database cannot be reached, and why, without the password of DATABASE_URL", async () => {
    const url = `postgres://stake:${PASSWORD}@127.0.0.1:${await freePort()}/stake`;
    const { code, output } = await startServer({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(
      /^The server cannot start: PostgreSQL at DATABASE_URL \(host 127\.0\.0\.1:\d+, database stake\) cannot be opened: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
    expect(output).not.toContain(PASSWORD);
  }, 60_000);

  it("replaces a secret a library echoes in its error with the variable's name", () => {
    const url = `postgres://stake:${PASSWORD}@db.internal:5432/stake`;
    const seed = `0x${"5e".repeat(32)}`;
    const echoed = new Error(`cannot use ${url} nor seed ${seed}`, {
      cause: new Error(`bad input ${url.replace(PASSWORD, encodeURIComponent(PASSWORD))}`),
    });
    const message = startUpErrorMessage(
      "database",
      echoed,
      { DATABASE_URL: url, DATA_DIR: ".data/pglite", HOST: "127.0.0.1", PORT: 8787 },
      { DATABASE_URL: url, DEPOSIT_SEED: seed },
    );
    expect(message).toBe(
      "The server cannot start: PostgreSQL at DATABASE_URL (host db.internal:5432, database stake) cannot be opened: bad input [DATABASE_URL]",
    );
    const outer = startUpErrorMessage(
      "listen",
      new Error(`cannot use ${url} nor seed ${seed}`),
      { DATA_DIR: ".data/pglite", HOST: "127.0.0.1", PORT: 8787 },
      { DATABASE_URL: url, DEPOSIT_SEED: seed },
    );
    expect(outer).toBe(
      "The server cannot start: it cannot listen on 127.0.0.1:8787 (HOST, PORT): cannot use [DATABASE_URL] nor seed [DEPOSIT_SEED]",
    );
  });
});

describe.runIf(postgresAvailable)("start-up errors against a real PostgreSQL server", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it("names the missing database PostgreSQL reports, without the password", async () => {
    const { port } = new URL(server.url);
    const { code, output } = await startServer({
      DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/missing_db`,
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `The server cannot start: PostgreSQL at DATABASE_URL (host 127.0.0.1:${port}, database missing_db) cannot be opened: database "missing_db" does not exist (3D000)`,
    );
    expect(output).not.toContain(PASSWORD);
  }, 60_000);
});
