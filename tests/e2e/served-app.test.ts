import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { connectDevnetWallet, selectWalletAccount } from "./support/devnet-wallet.ts";
import { enterDetails } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

let stack: LocalStack;
let browser: Browser;

beforeAll(async () => {
  // The staking server serves the production build itself, with its security headers, as `npm run serve` does.
  [stack, browser] = await Promise.all([startLocalStack({ appDir: inject("distDir") }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface ServedApp {
  readonly page: Page;
  /** Every securitypolicyviolation event of every document the page showed, as "directive blocked-uri at source". */
  readonly violations: string[];
  /** Console messages of the page and its workers. */
  readonly messages: string[];
}

/** A page on the server's own origin, forwarded to the stack, recording CSP violations and console messages. */
async function openServedApp(): Promise<ServedApp> {
  const context = await browser.newContext({ baseURL: stack.apiUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  await stack.forward(context);
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", (_source, violation: string) => violations.push(violation));
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation(violation: string): void }).reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) =>
      report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`),
    );
  });
  const page = await context.newPage();
  const messages: string[] = [];
  const record = (text: string) => messages.push(text);
  page.on("console", (message) => record(message.text()));
  page.on("worker", (worker) => worker.on("console", (message) => record(`worker: ${message.text()}`)));
  return { page, violations, messages };
}

/** A loopback page on a free port, answering every request with `html()`. */
async function serveHtml(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const policyMessages = (messages: readonly string[]) =>
  messages.filter((text) => /content security policy|refused to|permissions-policy/i.test(text));

describe("the production build served by the staking server", () => {
  it("connects the Devnet Wallet and verifies deposit data in the WebAssembly worker with no CSP violation", async () => {
    const { page, violations, messages } = await openServedApp();
    const workers: string[] = [];
    const scripts: string[] = [];
    page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));

    const response = await page.goto("/ethereum");
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Scripts from this origin, plus index.html's one inline script (the pre-paint theme) by its SHA-256 hash.
    expect(headers["content-security-policy"]).toMatch(
      /script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' 'wasm-unsafe-eval';/,
    );
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    await page.getByRole("heading", { name: "Stake Ethereum", exact: true }).waitFor();
    await selectWalletAccount(page, stack.devnet.ethereum.accounts[7] as Address);
    await connectDevnetWallet(page);
    await page.getByRole("heading", { name: "Enter staking details" }).waitFor();
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/Deposit data verified in your browser: 1 deposit/).isVisible()).toBe(true);

    // The signatures were checked in the worker (WebAssembly compiled under the CSP), not on the page's thread.
    // One worker a core, at most two; each the built verification worker.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(workers).toHaveLength(Math.max(1, Math.min(2, cores)));
    for (const worker of workers) expect(worker).toMatch(/^\/assets\/bls-verify\.worker-[\w-]+\.js$/);
    expect(scripts.filter((path) => /bls-wasm/.test(path))).toEqual([]);
    expect(violations).toEqual([]);
    expect(policyMessages(messages)).toEqual([]);
  });

  it("shows every kind of page and the wallet catalogue with no CSP violation", async () => {
    const { page, violations, messages } = await openServedApp();
    for (const path of [
      "/",
      "/contact",
      "/institution-staking",
      "/conflux/espace/staking",
      "/conflux/espace/dashboard",
      "/lava",
      "/cosmos/staking",
      "/ethereum/reward",
      "/ethereum/validator",
      "/ethereum/claim",
      "/ethereum/operation",
      "/ethereum/ssv/operators",
      "/404",
    ]) {
      await page.goto(path);
      await page.locator("main h1").first().waitFor();
    }
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "All wallets" }).click({ timeout: 30_000 });
    // The catalogue's icons are fetched from the API and shown as blob: URLs.
    await dialog.getByRole("list", { name: "All wallets" }).getByRole("button", { name: "Ledger Live" }).waitFor();
    await expect.poll(() => dialog.locator('img[src^="blob:"]').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(policyMessages(messages)).toEqual([]);
  });

  it("cannot be framed by another origin", async () => {
    // What is framed is the app itself, as served to a top-level page.
    const direct = await fetch(`${stack.apiUrl}/ethereum`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('<div id="root">');
    // Another loopback origin frames the app and, as a control, a page of a third origin that sends no framing
    // header (it must load, or the check would prove nothing).
    const plain = await serveHtml("<!doctype html><title>plain</title><p id=plain>plain page</p>");
    const framer = await serveHtml(
      `<!doctype html><title>framer</title><iframe src="${stack.apiUrl}/ethereum"></iframe><iframe src="${plain.url}/"></iframe>`,
    );
    const context = await browser.newContext();
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      const child = (test: (url: string) => boolean) =>
        page.waitForEvent("framenavigated", (frame) => frame !== page.mainFrame() && test(frame.url()));
      const refused = child((url) => url.startsWith("chrome-error://"));
      const loaded = child((url) => url === `${plain.url}/`);
      await page.goto(`${framer.url}/`);
      expect(await (await loaded).locator("#plain").textContent()).toBe("plain page");
      expect(await (await refused).locator("#root").count()).toBe(0);
      expect(page.frames().map((frame) => frame.url())).not.toContain(`${stack.apiUrl}/ethereum`);
    } finally {
      await context.close();
      await Promise.all([plain.close(), framer.close()]);
    }
  });
});
