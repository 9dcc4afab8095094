import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetWallet } from "./vite-plugin-devnet-wallet.ts";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-crash-reporter",
  "--disable-breakpad",
];
let server: ViteDevServer;
let browser: Browser;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), "devnet-wallet-vite-"));
  process.env.DEVNET_WALLET = "1"; // this test file runs in its own worker process
  server = await createServer({
    configFile: resolve(import.meta.dirname, "../../vite.config.ts"),
    cacheDir,
    logLevel: "silent",
    server: { port: 0, host: "127.0.0.1", strictPort: false },
  });
  await server.listen();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

describe("Devnet Wallet in the browser", () => {
  it("is announced to the page as an EIP-6963 provider in devnet builds", async () => {
    const page = await browser.newPage();
    await page.goto(server.resolvedUrls?.local[0] ?? "");
    await page.waitForFunction(() => window.devnetWallet !== undefined, undefined, { timeout: 30_000 });
    const announced = await page.evaluate(
      () =>
        new Promise<{ name: string; rdns: string; uuid: string; icon: string; chainId: unknown }>((done) => {
          window.addEventListener(
            "eip6963:announceProvider",
            (event) => {
              const { info, provider } = (event as CustomEvent).detail;
              provider.request({ method: "eth_chainId" }).then((chainId: unknown) => done({ ...info, chainId }));
            },
            { once: true },
          );
          window.dispatchEvent(new Event("eip6963:requestProvider"));
        }),
    );
    expect(announced).toMatchObject({
      name: "Devnet Wallet",
      rdns: "example.meridian.devnet-wallet",
      chainId: "0x7a69",
    });
    expect(announced.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(announced.icon.startsWith("data:image/svg+xml,")).toBe(true);
    await page.close();
  }, 60_000);

  it("is left out of builds without DEVNET_WALLET", () => {
    const plugin = devnetWallet(false);
    const hook = plugin.transformIndexHtml as { handler: () => unknown[] };
    expect(hook.handler()).toEqual([]);
  });
});
