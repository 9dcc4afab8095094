import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { launchChromium } from "../../tests/e2e/support/browser.ts";
import { type LocalStack, startLocalStack } from "../../tests/e2e/support/local-stack.ts";
import { type StaticServer, startStaticServer } from "../../tests/e2e/support/static-server.ts";

/** The devnet app built and served, Debian Chromium and the local stack, for the screenshot scripts. */
export interface DevnetCapture {
  readonly server: StaticServer;
  readonly browser: Browser;
  readonly stack: LocalStack;
  /** Closes the browser, the server and the stack, and deletes the build. */
  close(): Promise<void>;
}

/**
 * Builds the devnet app into a temporary folder named after `prefix` (with the Devnet Wallet, EIP-6963 over
 * anvil's dev accounts as `npm start` serves it, when `devnetWallet`), then starts its static server, Chromium
 * and the local stack (indexer run on demand, through `stack.indexNow()`).
 */
export async function startDevnetCapture(options: { prefix: string; devnetWallet: boolean }): Promise<DevnetCapture> {
  const dist = await mkdtemp(join(tmpdir(), options.prefix));
  process.env.VITE_APP_ENVIRONMENT = "devnet";
  if (options.devnetWallet) process.env.DEVNET_WALLET = "1";
  await build({ mode: "production", logLevel: "warn", build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
  const [server, browser, stack] = await Promise.all([
    startStaticServer(dist),
    launchChromium(),
    startLocalStack({ indexerIntervalMs: 3_600_000 }),
  ]);
  return {
    server,
    browser,
    stack,
    async close() {
      await Promise.all([browser.close(), server.close(), stack.stop()]);
      await rm(dist, { recursive: true, force: true });
    },
  };
}
