import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import { INJECTED_WALLET_NAME, injectWallet } from "./injected-wallet.ts";

export interface LaunchedSite {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Addresses beyond the public one and loopback that the page tried (aborted: nothing leaves the machine). */
  readonly elsewhere: readonly string[];
}

/**
 * A browser context in which the operator's public https address (`publicUrl`) reaches the production server
 * at `serverUrl`, as DNS and a TLS proxy would, with a browser wallet over `account` on the chain at `rpcUrl`.
 */
export async function openLaunchedSite(
  browser: Browser,
  site: {
    readonly publicUrl: string;
    readonly serverUrl: string;
    readonly rpcUrl: string;
    readonly chainId: number;
    readonly account: Address;
  },
): Promise<LaunchedSite> {
  const context = await browser.newContext({ baseURL: site.publicUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const elsewhere: string[] = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === site.publicUrl) {
      const response = await route.fetch({ url: `${site.serverUrl}${url.pathname}${url.search}` });
      return route.fulfill({ response });
    }
    if (url.hostname !== "127.0.0.1") {
      elsewhere.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  await injectWallet(context, { rpcUrl: site.rpcUrl, chainId: site.chainId, account: site.account });
  return { context, page: await context.newPage(), elsewhere };
}

/** Connects the browser wallet through the header's "Connect wallet" button and the kit, as a user would. */
export async function connectInjectedWallet(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: new RegExp(INJECTED_WALLET_NAME) })
    .click();
  await page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ }).waitFor();
  if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
}
