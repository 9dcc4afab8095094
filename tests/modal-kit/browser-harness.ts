import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { type Browser, chromium, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { getWalletsResponseSchema } from "../../src/modal-kit/catalogue/wallet-listing.ts";
import catalogueFile from "../../src/modal-kit/catalogue/wallets.json" with { type: "json" };
import { type Anvil, startAnvil } from "../support/anvil.ts";
import { type CatalogueServer, startCatalogueServer } from "../support/catalogue-server.ts";
import { freePort } from "../support/free-port.ts";
import { devnetTestWalletScript, SECOND_TEST_WALLET } from "./devnet-test-wallet.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BrowserHarness {
  readonly anvil: Anvil;
  /** A second chain (id 31338, "Devnet Two") the test wallet does not know at first. */
  readonly secondAnvil: Anvil | undefined;
  /** The app's own home page on the same server. */
  readonly appUrl: string;
  /** A fresh browser context with the test wallet injected, at the harness page. */
  newPage(options?: { signInRequired?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Real parts for the kit's browser tests: anvil (one or two chains), the catalogue server, a Vite dev server
 * serving tests/modal-kit/harness and Debian Chromium.
 */
export async function startBrowserHarness(options: { secondChain?: boolean } = {}): Promise<BrowserHarness> {
  const started: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of started.reverse()) await stop().catch(() => {});
  };
  try {
    const anvil = await startAnvil();
    started.push(anvil.stop);
    const secondAnvil = options.secondChain ? await startAnvil({ chainId: 31338 }) : undefined;
    if (secondAnvil) started.push(secondAnvil.stop);
    const catalogue: CatalogueServer = await startCatalogueServer(
      getWalletsResponseSchema.shape.data.parse(catalogueFile.data),
    );
    started.push(catalogue.close);
    const port = await freePort();
    // A cache of its own: test files run in parallel and must not share Vite's dependency cache.
    const cacheDir = mkdtempSync(join(tmpdir(), "modal-kit-vite-"));
    started.push(async () => rmSync(cacheDir, { recursive: true, force: true }));
    const vite: ViteDevServer = await createServer({
      root: ROOT,
      configFile: false,
      cacheDir,
      logLevel: "error",
      plugins: [react()],
      // Scan the harness (and its lazy imports) up front so no new dependency reloads the page mid-test.
      optimizeDeps: { entries: ["tests/modal-kit/harness/index.html", "index.html"] },
      server: { host: "127.0.0.1", port, strictPort: true, hmr: false },
    });
    started.push(() => vite.close());
    await vite.listen();
    const browser: Browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    started.push(() => browser.close());
    const query = new URLSearchParams({ rpc: anvil.rpcUrl, catalogue: catalogue.baseUrl });
    if (secondAnvil) query.set("rpc2", secondAnvil.rpcUrl);
    const url = `http://127.0.0.1:${port}/tests/modal-kit/harness/index.html?${query}`;
    return {
      appUrl: `http://127.0.0.1:${port}/`,
      anvil,
      secondAnvil,
      async newPage(pageOptions = {}) {
        const context = await browser.newContext();
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: `http://127.0.0.1:${port}` });
        const page = await context.newPage();
        await page.addInitScript(devnetTestWalletScript(anvil.rpcUrl));
        await page.addInitScript(devnetTestWalletScript(anvil.rpcUrl, SECOND_TEST_WALLET));
        await page.goto(pageOptions.signInRequired ? `${url}&signIn=required` : url);
        return page;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
