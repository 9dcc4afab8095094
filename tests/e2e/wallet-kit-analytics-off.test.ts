import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { connectDevnetWallet } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/**
 * The server's analytics config against the real stack: this server answers getAnalyticsConfig with
 * { isAnalyticsEnabled: false } (as networks/app.json's walletKit.analyticsEnabled: false would), so the kit,
 * whose local analytics flag is on, sends nothing to POST /e. (wallet-kit-flags covers a server that says true.)
 */
const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ walletKitAnalyticsEnabled: false });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("wallet kit analytics turned off by the server", () => {
  it("asks getAnalyticsConfig once and posts no event on open, connect, close and reopen", async () => {
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    const asked: string[] = [];
    const posted: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith("/blockchain-api/getAnalyticsConfig")) asked.push(request.url());
      if (pathname.endsWith("/blockchain-api/e")) posted.push(request.method());
    });
    let answers = 0;
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.endsWith("/blockchain-api/getAnalyticsConfig")) answers += 1;
    });
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    await connectDevnetWallet(page);
    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    await page.getByRole("dialog").getByRole("heading", { name: "Account" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // The answer came (the events were held for it, then dropped), and the kit asked with the client query.
    await expect.poll(() => answers, { timeout: 15_000 }).toBe(1);
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0] ?? "").searchParams.get("projectId")).not.toBeNull();
    const question = new URL(asked[0] ?? "");
    const answer = await fetch(`${stack.apiUrl}${question.pathname}${question.search}`);
    expect(await answer.json()).toEqual({ isAnalyticsEnabled: false });
    // One more event after the answer (open); the Account view's own requests (balances) come and go, /e never.
    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    await dialog.getByTestId("mk-tokens").getByRole("listitem").first().waitFor({ timeout: 30_000 });
    expect(posted).toEqual([]);
    const [stored] = await stack.storage.rows<{ count: number }>(
      sql`select count(*)::int as count from analytics_events`,
    );
    expect(stored?.count).toBe(0);
    await context.close();
  });
});
