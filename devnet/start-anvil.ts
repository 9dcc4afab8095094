import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface StartAnvilOptions {
  readonly chainId: number;
  /** 0 (the default) lets anvil pick a free port. */
  readonly port?: number;
  /** Ether given to each dev account (anvil's default mnemonic, 10 accounts). */
  readonly balance?: number;
  /** Give up when the chain does not answer within this many milliseconds. */
  readonly timeoutMs?: number;
  /** More anvil flags, after the standard ones (e.g. `--init genesis.json`, `--gas-limit`). */
  readonly extraArgs?: readonly string[];
}

export interface RunningAnvil {
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  readonly pid: number;
  /**
   * Sends the signal (SIGTERM when not given) to this anvil's pid and resolves once it has exited; a chain that has
   * not exited 5 s after a SIGTERM is killed.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real anvil binary of this machine's platform package (@foundry-rs/anvil-<os>-<arch>, the optional dependency
 * @foundry-rs/anvil installs: linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, win32-amd64), so no download
 * at run time. The binary itself, not the package's `anvil` wrapper script: the wrapper runs the binary as its
 * child, and the pid given back (and signalled by stop) must be the chain's.
 */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const packageJson = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(packageJson), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

function waitForListeningPort(child: ChildProcess, requestedPort: number, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`anvil did not report a port within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) =>
      fail(
        new Error(
          `anvil (port ${requestedPort || "any"}) exited with code ${code} before listening:\n${output.trim()}`,
        ),
      );
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", onExit);
  });
}

/** Polls eth_chainId until the chain answers with the expected id. */
async function waitUntilAnswering(rpcUrl: string, chainId: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result && Number(body.result) === chainId) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts anvil on loopback with Prague rules and waits until it answers JSON-RPC.
 * The caller owns the process: call stop() (tests: in afterAll).
 */
export async function startAnvil(options: StartAnvilOptions): Promise<RunningAnvil> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(options.port ?? 0),
    "--hardfork",
    "prague",
    "--chain-id",
    String(options.chainId),
    "--balance",
    String(options.balance ?? 10_000),
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(anvilBinaryPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const pid = child.pid;
  if (pid === undefined) throw new Error("anvil could not be started");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // SIGTERM first; a chain that has not exited 5 s later (busy machine, stuck request) is killed.
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(pid, signal);
    const kill = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, "SIGKILL");
    }, 5_000);
    await exited;
    clearTimeout(kill);
  };
  try {
    const port = await waitForListeningPort(child, options.port ?? 0, timeoutMs);
    child.stdout?.resume();
    child.stderr?.resume();
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(rpcUrl, options.chainId, timeoutMs);
    return { rpcUrl, port, chainId: options.chainId, pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
