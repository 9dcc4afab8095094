import type { ChildProcess } from "node:child_process";

/**
 * Waits until the staking server at `address` answers GET /ready with 200, asking every 100 ms. Throws, naming
 * `what`, when `child` exits first or after `seconds`.
 */
export async function waitUntilReady(address: string, child: ChildProcess, what: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it was ready`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${seconds} s`);
    const ready = await fetch(`${address}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
