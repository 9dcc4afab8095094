import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(child.pid, "SIGKILL");
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `npm run devnet`'s script on free ports and resolves with its output once it says it is ready. */
function startCli(): Promise<{ child: ChildProcess; output: () => string; ready: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", cli, "--eth-port", "0", "--conflux-port", "0", "--beacon-port", "0"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Press Ctrl-C to stop.")) resolve({ child, output: () => output, ready: output });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`devnet exited with ${code} before it was ready:\n${output}`)));
  });
}

describe("npm run devnet", () => {
  it("prints both chains and the contract addresses, then stops both chains on SIGTERM", async () => {
    const { child, output, ready } = await startCli();
    expect(ready).toContain("Ethereum Devnet          chain id 31337");
    expect(ready).toContain("Conflux eSpace Devnet    chain id 31338");
    expect(ready).toContain("0x00000000219ab540356cBB839Cbe05303d7705Fa");
    expect(ready).toContain("SSV network            0xbc27A86df319f94645BEbE0Dc1a03D0d11d12C48");
    const pids = [...ready.matchAll(/anvil pid (\d+)/g)].map((match) => Number(match[1]));
    const urls = [...ready.matchAll(/(http:\/\/127\.0\.0\.1:\d+)/g)].map((match) => match[1] as string);
    expect(pids).toHaveLength(2);
    const beaconUrl = /Beacon API stand-in\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(ready)?.[1];
    const genesis = await fetch(`${beaconUrl}/eth/v1/beacon/genesis`);
    expect(genesis.status).toBe(200);
    expect(pids.every(isRunning)).toBe(true);
    const response = await fetch(urls[0] as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect(await response.json()).toMatchObject({ result: "0x7a69" });

    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output()).toContain("Devnet stopped.");
    expect(pids.some(isRunning)).toBe(false);
  });

  it("explains its options with --help", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    expect(output).toContain("--eth-port");
    expect(output).toContain("DEVNET_POOL_LOCK_SECONDS");
  });
});
