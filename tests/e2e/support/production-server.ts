import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export interface ProductionServer {
  readonly url: string;
  /** What the server wrote to stdout and stderr so far (its logs). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` of `root` as a child process with only `env` (and PATH) set, as an operator runs
 * it, and waits until GET /ready answers 200.
 */
export async function startProductionServer(
  root: string,
  port: number,
  env: Readonly<Record<string, string>>,
): Promise<ProductionServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(root, "server", "main.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: ProductionServer = {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer /ready with 200 within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
