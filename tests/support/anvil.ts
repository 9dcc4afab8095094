import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";

const ANVIL = fileURLToPath(new URL("../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil", import.meta.url));

export interface Anvil {
  readonly rpcUrl: string;
  stop(): Promise<void>;
}

/** Starts a real anvil (Prague rules) on a random loopback port and resolves once it answers JSON-RPC. */
export async function startAnvil(options: { chainId?: number } = {}): Promise<Anvil> {
  const port = await freePort();
  const args = ["--host", "127.0.0.1", "--hardfork", "prague", "--port", String(port)];
  if (options.chainId !== undefined) args.push("--chain-id", String(options.chainId));
  const child: ChildProcess = spawn(ANVIL, args, { stdio: "ignore" });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.pid === undefined) return resolve();
      child.once("exit", () => resolve());
      process.kill(child.pid, "SIGTERM");
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) return { rpcUrl, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("anvil did not answer within 20 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
