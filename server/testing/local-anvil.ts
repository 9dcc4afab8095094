import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

/** A free TCP port on loopback, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@foundry-rs/anvil-linux-amd64/package.json")), "bin", "anvil");
}

export interface LocalAnvil {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  readonly pid: number;
  /** Sends the signal (SIGTERM when not given) by pid and resolves once anvil has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a real anvil chain on loopback (Prague rules) and waits until it answers JSON-RPC. */
export async function startAnvil(
  options: { chainId?: number; extraArgs?: readonly string[]; port?: number } = {},
): Promise<LocalAnvil> {
  const port = options.port ?? (await freePort());
  const chainId = options.chainId ?? 31_337;
  const child: ChildProcess = spawn(
    anvilBinary(),
    [
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--hardfork",
      "prague",
      "--chain-id",
      String(chainId),
      "--silent",
      ...(options.extraArgs ?? []),
    ],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("anvil did not answer within 15 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    chainId,
    pid: child.pid as number,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid as number, signal);
      await exited;
    },
  };
}
