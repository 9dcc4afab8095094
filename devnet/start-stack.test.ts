import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./start-stack.ts", import.meta.url));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child?.pid && child.exitCode === null) process.kill(child.pid, "SIGKILL");
});

describe("npm start", () => {
  it("serves the app with the Devnet Wallet next to the devnet, and stops everything on SIGTERM", async () => {
    const args = ["--eth-port", "0", "--conflux-port", "0", "--beacon-port", "0", "--app-port", "0", "--api-port", "0"];
    const started = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, DATA_DIR: "memory://" },
    });
    child = started;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Press Ctrl-C to stop.")) resolve();
      };
      started.stdout?.on("data", onData);
      started.stderr?.on("data", onData);
      started.on("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    const appUrl = /App\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1] as string;
    const rpcUrl = /Ethereum Devnet\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
    const beaconUrl = /Beacon API stand-in\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
    const apiUrl = /Staking server\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
    const html = await (await fetch(appUrl)).text();
    expect(html).toContain("/devnet/wallet/inject-devnet-wallet.ts");
    expect(html).toContain('<div id="root">');
    const chainId = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect(await chainId.json()).toMatchObject({ result: "0x7a69" });
    // The staking server proxies the devnet chain it was started with.
    const proxied = await fetch(`${apiUrl}/rpc/31337`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    expect(await proxied.json()).toMatchObject({ result: expect.stringMatching(/^0x/) });
    expect(await (await fetch(`${apiUrl}/ready`)).json()).toEqual({ status: "ok" });

    const exited = new Promise<number | null>((resolve) => started.on("exit", (code) => resolve(code)));
    started.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("Local stack stopped.");
    await expect(fetch(rpcUrl)).rejects.toThrow(); // the chain's port is closed
    await expect(fetch(beaconUrl)).rejects.toThrow();
    await expect(fetch(appUrl)).rejects.toThrow();
    await expect(fetch(`${apiUrl}/health`)).rejects.toThrow();
  }, 60_000);
});
