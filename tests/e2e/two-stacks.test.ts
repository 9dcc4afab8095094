import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningStack, startStack } from "../../devnet/stack.ts";
import { parseStackOptions } from "../../devnet/stack-options.ts";
import { freePort } from "../support/free-port.ts";
import { launchChromium } from "./support/browser.ts";

/**
 * Two `npm start` stacks side by side, every port of each chosen (none the default), serving the same build:
 * each served app and its Devnet Wallet talk to their own stack only, learning its ports at run time.
 */
const PORT_FLAGS = [
  "eth-port",
  "conflux-port",
  "beacon-port",
  "validator-client-port",
  "api-port",
  "secure-port",
  "smtp-port",
  "inbox-port",
  "oidc-port",
] as const;

/** Distinct free ports, one per flag of both stacks. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

let stacks: [RunningStack, RunningStack];
let browser: Browser;

beforeAll(async () => {
  const ports = await distinctFreePorts(PORT_FLAGS.length * 2);
  const argvOf = (offset: number) => PORT_FLAGS.flatMap((flag, index) => [`--${flag}`, String(ports[offset + index])]);
  const start = (offset: number) =>
    startStack(parseStackOptions(argvOf(offset), {}), inject("distDir"), {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      INDEXER_INTERVAL_MS: "60000",
    });
  let started: PromiseSettledResult<RunningStack>[];
  [started, browser] = await Promise.all([Promise.allSettled([start(0), start(PORT_FLAGS.length)]), launchChromium()]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    throw failed.reason;
  }
  stacks = started.map((result) => (result as PromiseFulfilledResult<RunningStack>).value) as typeof stacks;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all((stacks ?? []).map((stack) => stack.stop()));
});

const origin = (url: string) => new URL(url).origin;

/** The stack's own origins: its app and API, secure frame and both chains. */
const originsOf = (stack: RunningStack) =>
  [
    stack.api.url,
    stack.api.secureUrl as string,
    stack.devnet.ethereum.anvil.rpcUrl,
    stack.devnet.conflux.anvil.rpcUrl,
  ].map(origin);

/**
 * The stack's served app in a fresh context, with the origin of every request it makes. `bypassCSP`: the page's
 * Content-Security-Policy off, to see what CORS alone allows.
 */
async function openApp(
  stack: RunningStack,
  options: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; requested: Set<string>; reads: string[]; csp: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  context.setDefaultTimeout(15_000);
  const requested = new Set<string>();
  const reads: string[] = [];
  context.on("request", (request) => {
    requested.add(origin(request.url()));
    if (request.resourceType() === "fetch") reads.push(request.url());
  });
  const page = await context.newPage();
  const response = await page.goto(`${stack.api.url}/ethereum`);
  await page.locator("main h1").first().waitFor();
  return { page, requested, reads, csp: response?.headers()["content-security-policy"] ?? "" };
}

type DevnetWalletWindow = { devnetWallet: { request(args: { method: string; params?: unknown[] }): Promise<unknown> } };

/** A request the page's Devnet Wallet answers, as the app would make it. */
const walletRequest = (page: Page, method: string, params: unknown[] = []) =>
  page.evaluate(
    ([method, params]) =>
      (window as unknown as DevnetWalletWindow).devnetWallet.request({ method, params } as {
        method: string;
        params: unknown[];
      }),
    [method, params] as const,
  );

/** What a fetch from the page to `url` gives: the status, or the browser's refusal. */
const fetchFromPage = (page: Page, url: string) =>
  page.evaluate(
    (url) =>
      fetch(url).then(
        (response) => `status ${response.status}`,
        (error: unknown) => `refused: ${String(error)}`,
      ),
    url,
  );

describe("two local stacks on other ports, side by side", () => {
  it("each served app talks to its own API and chains only, its Devnet Wallet signs on its own chain, and its CSP and the other API's CORS keep it there", async () => {
    const [a, b] = stacks;
    // The chains differ: stack A's Ethereum devnet is 20 blocks ahead.
    await a.devnet.ethereum.client.mine({ blocks: 20 });
    const heights = await Promise.all(stacks.map((stack) => stack.devnet.ethereum.client.getBlockNumber()));

    for (const [index, own, other] of [
      [0, a, b],
      [1, b, a],
    ] as const) {
      const { page, requested, reads, csp } = await openApp(own);
      const connect = csp.split("; ").find((directive) => directive.startsWith("connect-src ")) ?? "";
      for (const allowed of originsOf(own).filter((url) => url !== origin(own.api.secureUrl as string)))
        expect(connect).toContain(` ${allowed}`);
      expect(csp).toContain(`frame-src ${origin(own.api.secureUrl as string)}`);
      for (const foreign of [
        ...originsOf(other),
        "http://127.0.0.1:8787",
        "http://127.0.0.1:8545",
        "http://127.0.0.1:8546",
      ])
        expect(csp).not.toContain(foreign);

      // The Devnet Wallet reads and signs on this stack's chain.
      expect(BigInt(String(await walletRequest(page, "eth_blockNumber")))).toBe(heights[index]);
      const [account] = (await walletRequest(page, "eth_requestAccounts")) as string[];
      const hash = (await walletRequest(page, "eth_sendTransaction", [
        { from: account, to: "0x000000000000000000000000000000000000dEaD", value: "0x1" },
      ])) as `0x${string}`;
      const receipt = await own.devnet.ethereum.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
      await expect(other.devnet.ethereum.client.getTransaction({ hash })).rejects.toThrow(/could not be found/);

      // Its API answers it; the other stack's API is out of its reach: its CSP does not let the request leave.
      expect(await fetchFromPage(page, `${own.api.url}/health`)).toBe("status 200");
      expect(await fetchFromPage(page, `${other.api.url}/health`)).toBe("refused: TypeError: Failed to fetch");
      // The app itself asked this stack only: its API (the served page, its files and reads) and its chain.
      // (the kit asked this stack's API whether the e-mail wallet is on: the app's API base is this stack's)
      expect(reads).toContain(`${own.api.url}/embedded-wallet/config`);
      expect(requested).toContain(origin(own.api.url));
      expect(requested).toContain(origin(own.devnet.ethereum.anvil.rpcUrl));
      expect([...requested].filter((url) => !originsOf(own).includes(url))).toEqual([]);
      await page.context().close();

      // Without the CSP, the request leaves, and the other API refuses it (CORS grants its own origins only).
      const bypassed = await openApp(own, { bypassCSP: true });
      expect(await fetchFromPage(bypassed.page, `${other.api.url}/health`)).toBe("refused: TypeError: Failed to fetch");
      expect(bypassed.requested).toContain(origin(other.api.url));
      expect(await fetchFromPage(bypassed.page, `${own.api.url}/health`)).toBe("status 200");
      await bypassed.page.context().close();
    }
  });
});
