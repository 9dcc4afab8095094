import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { connectDevnetWallet } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/**
 * The kit's remote flags and analytics against the real stack: the staking server serves a remote config with
 * activity off (as networks/app.json's walletKit.remoteFeatures would), and stores the kit's events (POST /e).
 */
const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({
    walletKitRemoteFeatures: {
      swaps: false,
      onramp: false,
      email: false,
      socials: false,
      activity: false,
      reownBranding: false,
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type StoredEvent = { origin: string; domain: string; url: string; props: Record<string, unknown> };

const storedEvents = () =>
  stack.storage.rows<StoredEvent>(sql`select origin, domain, url, props from analytics_events order by id`);

describe("wallet kit remote flags and analytics", () => {
  it("hides the Activity tab when the server's remote config turns activity off", async () => {
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    await connectDevnetWallet(page);
    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    // The tabs are there (Tokens), and Activity, on by default, goes once the remote flags are read.
    await dialog.getByRole("tab", { name: "Tokens" }).waitFor();
    await expect.poll(() => dialog.getByRole("tab", { name: "Activity" }).count(), { timeout: 15_000 }).toBe(0);
    expect(await dialog.getByTestId("mk-activity").count()).toBe(0);
    // Send and Receive are local flags, on by default, and stay.
    await dialog.getByRole("button", { name: "Send", exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Receive", exact: true }).waitFor();
    // No allowlist on this server (CORS_ORIGINS empty): no unverified-domain alert.
    expect(await dialog.getByRole("alert").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("sends the modal's open, connect and network-switch events to the server's /e store", async () => {
    const [account] = stack.devnet.ethereum.accounts as [Address];
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    let askedConfig = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/blockchain-api/getAnalyticsConfig")) askedConfig += 1;
    });
    await page.goto("/");
    await page.locator("main h1").first().waitFor();
    const pageOrigin = new URL(page.url()).origin;
    await connectDevnetWallet(page);
    await expect
      .poll(async () => (await storedEvents()).map((row) => row.props.event), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["MODAL_OPEN", "CONNECT_STARTED", "CONNECT_SUCCESS", "MODAL_CLOSE"]));
    const events = await storedEvents();
    const success = events.find((row) => row.props.event === "CONNECT_SUCCESS");
    expect(success).toMatchObject({
      origin: pageOrigin,
      domain: new URL(pageOrigin).hostname,
      url: `${pageOrigin}/`,
      props: { type: "track", address: account, properties: { wallet: "Devnet Wallet" } },
    });
    // The server's analytics config (true, as networks/app.json has it) was asked once for all these events.
    expect(askedConfig).toBe(1);
    // Opened before connecting: not connected then.
    expect(events.find((row) => row.props.event === "MODAL_OPEN")?.props.properties).toEqual({ connected: false });

    await page.getByRole("banner").locator("[data-modal-kit-button]").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Switch network" }).click();
    await dialog.getByRole("button", { name: "Conflux eSpace Devnet" }).click();
    const confluxId = stack.devnet.conflux.client.chain?.id;
    await expect
      .poll(
        async () =>
          (await storedEvents())
            .filter((row) => row.props.event === "SWITCH_NETWORK")
            .map((row) => row.props.properties),
        {
          timeout: 30_000,
        },
      )
      .toEqual([{ network: `eip155:${confluxId}` }]);
    await context.close();
  });
});
