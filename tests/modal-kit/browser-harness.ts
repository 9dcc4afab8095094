import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { type Browser, chromium, type Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { jsonSections } from "../../src/app/build/json-sections.ts";
import { walletCatalogue } from "../../src/core/wallet-catalogue/wallet-catalogue.ts";
import { decodeGetWalletsResponse } from "../../src/modal-kit/catalogue/wallet-listing.ts";
import { type RunningAnvil, startAnvil } from "../support/anvil.ts";
import { type CatalogueServer, startCatalogueServer } from "../support/catalogue-server.ts";
import { freePort } from "../support/free-port.ts";
import { type RelayStandIn, startRelayStandIn } from "../support/walletconnect-relay-stand-in.ts";
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
  readonly anvil: RunningAnvil;
  /** A second chain (id 31338, "Devnet Two") the test wallet does not know at first. */
  readonly secondAnvil: RunningAnvil | undefined;
  /** The app's own home page on the same server. */
  readonly appUrl: string;
  /** Stands in for the WalletConnect relay (pages opened with walletConnect use it). */
  readonly relay: RelayStandIn;
  /**
   * A fresh browser context with the test wallets injected, at the harness page; optionally with sign-in
   * required, with WalletConnect (a project id and the relay stand-in), and with Playwright's fake clock.
   */
  newPage(options?: {
    signInRequired?: boolean;
    walletConnect?: boolean;
    fakeClock?: boolean;
    embedded?: boolean;
    /** Opens at the basic pairing view (manual connection control). */
    manual?: boolean;
    /** Announces the real Devnet Wallet (devnet/wallet) too. */
    devnetWallet?: boolean;
    /** Signs in against this staking server (GET /siwe/nonce, POST /siwe/verify) instead of in the page. */
    siweServer?: string;
  }): Promise<Page>;
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
    const relay = await startRelayStandIn();
    started.push(relay.close);
    const catalogue: CatalogueServer = await startCatalogueServer(
      decodeGetWalletsResponse({ data: walletCatalogue, count: walletCatalogue.length }).data,
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
      // jsonSections: the app at "/" imports its first page's texts as a JSON section (as vite.config.ts does).
      plugins: [react(), jsonSections()],
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
      relay,
      async newPage(pageOptions = {}) {
        const context = await browser.newContext();
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: `http://127.0.0.1:${port}` });
        const page = await context.newPage();
        await page.addInitScript(devnetTestWalletScript(anvil.rpcUrl));
        await page.addInitScript(devnetTestWalletScript(anvil.rpcUrl, SECOND_TEST_WALLET));
        if (pageOptions.fakeClock) await page.clock.install();
        const extra = new URLSearchParams();
        if (pageOptions.signInRequired) extra.set("signIn", "required");
        if (pageOptions.embedded) extra.set("embedded", "1");
        if (pageOptions.manual) extra.set("manual", "1");
        if (pageOptions.devnetWallet) extra.set("devnetWallet", "1");
        if (pageOptions.siweServer) extra.set("siweServer", pageOptions.siweServer);
        if (pageOptions.walletConnect) {
          extra.set("projectId", "0123456789abcdef0123456789abcdef");
          extra.set("relay", relay.url);
        }
        await page.goto(`${url}&${extra}`);
        return page;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
