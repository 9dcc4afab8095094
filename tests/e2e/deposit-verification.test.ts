import type { Page, Route } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DepositDataEntry } from "../../src/core/deposit/index.ts";
import { depositFixtures, FIXTURE_OWNER } from "../support/deposit-fixtures.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
const COUNT = 100;
const WORKER_PATH = /^\/assets\/bls-verify\.worker-[\w-]+\.js$/;

let deposits: DepositDataEntry[];
let stack: LocalStack;
// The stack (chains, server, database) and 100 signed fixtures at once: a shared 2-core machine can take minutes.
beforeAll(async () => {
  [deposits, stack] = await Promise.all([depositFixtures(COUNT), startLocalStack()]);
}, 240_000);
afterAll(async () => {
  await stack?.stop();
});

interface Measured {
  /** "ok", or the problems as "index:code". */
  readonly outcome: string[] | "ok";
  readonly elapsedMs: number;
  readonly longTasksMs: number[];
  readonly frames: number;
  readonly longestFrameGapMs: number;
}

/** Runs the build's verifyDeposits on `data` while counting animation frames and long tasks on the main thread. */
function verifyInPage(page: Page, data: unknown): Promise<Measured> {
  return page.evaluate(
    async ({ data, owner, count }) => {
      const verify = window.__verifyDeposits;
      if (!verify) throw new Error("the build does not expose verifyDeposits (VITE_EXPOSE_DEPOSIT_VERIFIER)");
      const longTasksMs: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasksMs.push(entry.duration);
      });
      observer.observe({ type: "longtask" });
      let frames = 0;
      let longestFrameGapMs = 0;
      let running = true;
      let last = performance.now();
      const tick = (now: number) => {
        longestFrameGapMs = Math.max(longestFrameGapMs, now - last);
        last = now;
        frames += 1;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const started = performance.now();
      const result = await verify(data, {
        forkVersion: "0x00000000",
        withdrawalAddress: owner,
        credentialType: "0x01",
        amountsGwei: Array.from({ length: count }, () => 32_000_000_000n),
      });
      const elapsedMs = performance.now() - started;
      // One more frame after the answer: the gap until it counts too.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      running = false;
      for (const entry of observer.takeRecords()) longTasksMs.push(entry.duration);
      observer.disconnect();
      const outcome = result.ok
        ? ("ok" as const)
        : result.problems.map((problem) => `${problem.index}:${problem.code}`);
      return { outcome, elapsedMs, longTasksMs, frames, longestFrameGapMs };
    },
    { data, owner: FIXTURE_OWNER, count: COUNT },
  );
}

describe("deposit verification in the browser", () => {
  it("verifies 100 deposits in a Web Worker started on first use, while the page keeps painting", async () => {
    const page = await (await app.newContext()).newPage();
    const workers: string[] = [];
    const scripts: string[] = [];
    page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    // The home page loads neither the worker nor any BLS code.
    expect(workers).toEqual([]);
    expect(scripts.filter((path) => /bls|verify-deposits/.test(path))).toEqual([]);

    const valid = await verifyInPage(page, deposits);
    expect(valid.outcome).toBe("ok");
    // One worker per core, up to two, each given part of the signatures.
    const started = workers.length;
    expect(started).toBe(Math.min(2, await page.evaluate(() => navigator.hardwareConcurrency)));
    for (const path of workers) expect(path).toMatch(WORKER_PATH);
    // The WebAssembly ran in the worker: the page never loaded the on-this-thread fallback.
    expect(scripts.filter((path) => /bls-wasm/.test(path))).toEqual([]);
    // Responsive: no main-thread task of 200 ms or more, and frames kept coming.
    expect(valid.longTasksMs.filter((duration) => duration >= 200)).toEqual([]);
    expect(valid.longestFrameGapMs).toBeLessThan(200);
    expect(valid.frames).toBeGreaterThan(1);
    console.info(
      `100 deposits in the built app: ${valid.elapsedMs.toFixed(0)} ms (first use, worker start included); ${valid.frames} frames, longest gap ${valid.longestFrameGapMs.toFixed(0)} ms, long tasks [${valid.longTasksMs.map((ms) => ms.toFixed(0)).join(", ")}] ms`,
    );

    // The same worker answers again, and names a forged signature among 100 by its index.
    const forged = deposits.map((entry, index) =>
      index === 37 ? { ...entry, signature: deposits[38]?.signature ?? "" } : entry,
    );
    const invalid = await verifyInPage(page, forged);
    expect(invalid.outcome).toEqual(["37:deposit_data_root_mismatch", "37:signature_invalid"]);
    expect(workers).toHaveLength(started);
    expect(invalid.longTasksMs.filter((duration) => duration >= 200)).toEqual([]);
  });

  it("still verifies, on the page's own thread, when the worker script cannot load", async () => {
    const context = await app.newContext();
    await context.route(/\/assets\/bls-verify\.worker-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    const forged = deposits.map((entry, index) =>
      index === 3 ? { ...entry, signature: deposits[4]?.signature ?? "" } : entry,
    );
    expect((await verifyInPage(page, forged)).outcome).toEqual(["3:deposit_data_root_mismatch", "3:signature_invalid"]);
    expect(scripts.filter((path) => /\/assets\/bls-wasm-[\w-]+\.js$/.test(path))).toHaveLength(1);
  });
});

/** What the page showed the moment the Review step's heading first appeared. */
interface ReviewOpening {
  readonly verifiedShown: boolean;
  readonly text: string;
}

/** Watches the page for the Review step's heading and records what is on screen in that same change. */
function watchReviewOpening(page: Page): Promise<void> {
  return page.evaluate(() => {
    const record = window as unknown as { __reviewOpening?: ReviewOpening };
    const observer = new MutationObserver(() => {
      const heading = [...document.querySelectorAll("h2, h3")].find(
        (element) => element.textContent === "Review before you sign",
      );
      if (!heading || record.__reviewOpening) return;
      const text = document.querySelector("main")?.textContent ?? "";
      record.__reviewOpening = { verifiedShown: text.includes("Deposit data verified in your browser"), text };
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

describe("the stake flow has the verification's result when Review opens", () => {
  it("starts the verifier while the amount is entered, opens Review already verified, and still refuses tampered data", async () => {
    const owner = stack.devnet.ethereum.accounts[5] as Address;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    const depositDataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/deposit-data")) depositDataRequests.push(request.url());
    });
    // The details form is up and nothing was asked of the backend yet: the verifier's workers start anyway.
    await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (const worker of page.workers()) expect(new URL(worker.url()).pathname).toMatch(WORKER_PATH);
    expect(depositDataRequests).toEqual([]);

    await watchReviewOpening(page);
    await enterDetails(page, "0x01", "64");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 60_000 });
    const opening = await page.evaluate(
      () => (window as unknown as { __reviewOpening?: ReviewOpening }).__reviewOpening,
    );
    // The step opened with the verdict on screen, not a verifying state after it.
    expect(opening?.verifiedShown).toBe(true);
    expect(opening?.text).toContain("Deposit data verified in your browser: 2 deposit");
    expect(depositDataRequests).toHaveLength(1);

    // Back to the details; the backend now answers with a signature that is not the key's: refused, no signing.
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Enter staking details" }).waitFor();
    await page.route("**/deposit-data", async (route: Route) => {
      const response = await route.fetch({ url: `${stack.apiUrl}/deposit-data` });
      const body = (await response.json()) as { depositData: DepositDataEntry[] };
      const [first, second, ...rest] = body.depositData as [DepositDataEntry, DepositDataEntry];
      await route.fulfill({
        response,
        json: { ...body, depositData: [{ ...first, signature: second.signature }, second, ...rest] },
      });
    });
    await enterDetails(page, "0x01", "96");
    await page.getByRole("heading", { name: "The deposit data could not be prepared" }).waitFor({ timeout: 60_000 });
    expect(await page.getByText(/Deposit 1: its BLS signature is not valid for its public key/).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(sentTransactions).toEqual([]);
  });
});
