import type { BrowserContext, Page, Route } from "playwright-core";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { credentialsOf, depositsTo } from "./support/deposit-events.ts";
import { failAfterBroadcast } from "./support/devnet-wallet.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  // The indexer waits for 2 confirmations, as a public network's would (for more blocks), and runs only when
  // a test asks (indexNow), so what the server knows at each step is certain.
  stack = await startLocalStack({ indexerIntervalMs: 3_600_000, indexerConfirmations: 2 });
});
afterAll(async () => {
  await stack?.stop();
});

const account = (index: number) => stack.devnet.ethereum.accounts[index] as Address;
const REVIEW = "Review before you sign";
const CONFIRM = "Confirm in wallet";
const REFUSED = "This stake was not sent";

/** How many DepositEvents each validator key paying out to `owner` has on chain. */
async function depositsPerKey(owner: Address): Promise<{ hash: Hex; counts: Record<string, number> }> {
  const events = await depositsTo(stack, credentialsOf("0x01", owner));
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.args.pubkey as string] = (counts[event.args.pubkey as string] ?? 0) + 1;
  return { hash: events[0]?.transactionHash as Hex, counts };
}

/**
 * Another tab of the same browser (same local storage) on the stake page; `hears` takes away what it learns
 * other tabs' changes through: "storage" keeps only storage events (no BroadcastChannel), "nothing" neither.
 */
async function openTab(context: BrowserContext, hears: "everything" | "storage" | "nothing"): Promise<Page> {
  const tab = await context.newPage();
  if (hears !== "everything") {
    await tab.addInitScript((deaf) => {
      Reflect.deleteProperty(window, "BroadcastChannel");
      if (deaf) window.addEventListener("storage", (event) => event.stopImmediatePropagation(), true);
    }, hears === "nothing");
  }
  await tab.goto("/ethereum");
  await tab.getByRole("heading", { name: "Enter staking details" }).waitFor({ timeout: 30_000 });
  return tab;
}

describe("the same validators are never deposited twice", () => {
  it("switches the other tabs' reviews of the same stake to a refusal when one tab confirms it, and they send nothing", async () => {
    const owner = account(1);
    const { context, page: tabA, sentTransactions } = await openStakePage(app, stack, owner);
    const tabB = await openTab(context, "everything");
    const tabC = await openTab(context, "storage");
    const tabD = await openTab(context, "nothing");
    expect(await tabC.evaluate(() => typeof BroadcastChannel)).toBe("undefined");
    const tabs = [tabA, tabB, tabC, tabD];
    for (const tab of tabs) await enterDetails(tab, "0x01", "64");
    for (const tab of tabs) await tab.getByRole("heading", { name: REVIEW }).waitFor({ timeout: 30_000 });

    await tabA.getByRole("button", { name: CONFIRM }).click();
    await tabA.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    const { hash, counts } = await depositsPerKey(owner);

    // Tabs B (BroadcastChannel) and C (storage events only) switch at once, without a reload.
    for (const tab of [tabB, tabC]) {
      await tab.getByRole("heading", { name: REFUSED }).waitFor();
      await tab
        .getByText(
          "These validators were already deposited by a transaction from this browser (another tab or an earlier attempt). Sending them again would top them up and pay the service fee twice, so your wallet was not asked.",
        )
        .waitFor();
      expect(await tab.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")).toBe(hash);
      expect(await tab.getByRole("button", { name: CONFIRM }).count()).toBe(0);
      expect(await tab.getByRole("button", { name: "Start a new stake" }).isVisible()).toBe(true);
    }
    // Tab D heard nothing and still shows the review: its Confirm is refused right before the wallet.
    expect(await tabD.getByRole("heading", { name: REVIEW }).isVisible()).toBe(true);
    await tabD.getByRole("button", { name: CONFIRM }).click();
    await tabD.getByRole("heading", { name: REFUSED }).waitFor();
    expect(await tabD.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")).toBe(hash);

    expect(sentTransactions).toHaveLength(1);
    expect(Object.values(counts)).toEqual([1, 1]);
    expect(await depositsPerKey(owner)).toEqual({ hash, counts });

    // The way on: a new stake gets new validators.
    await tabB.getByRole("button", { name: "Start a new stake" }).click();
    await enterDetails(tabB, "0x01", "32");
    await tabB.getByRole("heading", { name: REVIEW }).waitFor({ timeout: 30_000 });
    expect(await tabB.getByRole("button", { name: CONFIRM }).isEnabled()).toBe(true);
  }, 120_000);

  it("refuses a review whose validators the server has seen deposited in a block not yet confirmed", async () => {
    const owner = account(2);
    const first = await openStakePage(app, stack, owner);
    await enterDetails(first.page, "0x01", "32");
    await first.page.getByRole("heading", { name: REVIEW }).waitFor({ timeout: 30_000 });
    const { key } = JSON.parse((await first.page.evaluate(() => localStorage.getItem("ethStake.attempt"))) ?? "{}");

    // Another browser (its own storage) gets the same validators: it asks with the same idempotency key.
    const other = await openStakePage(app, stack, owner);
    await other.page.route("**/deposit-data", (route: Route) =>
      route.fallback({ postData: { ...route.request().postDataJSON(), idempotencyKey: key } }),
    );
    await enterDetails(other.page, "0x01", "32");
    await other.page.getByRole("heading", { name: REVIEW }).waitFor({ timeout: 30_000 });

    await first.page.getByRole("button", { name: CONFIRM }).click();
    await first.page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    await stack.indexNow();
    const { hash, counts } = await depositsPerKey(owner);
    const [pubkey] = Object.keys(counts).map((prefixed) => prefixed.slice(2));
    const known = await fetch(
      `${stack.apiUrl}/deposits/known?network=ethereum&environment=devnet&pubkeys=${pubkey}`,
    ).then((response) => response.json());
    expect(known).toEqual({
      known: [pubkey],
      pending: [pubkey],
      deposits: [{ pubkey, txHash: hash, status: "pending" }],
    });

    await other.page.getByRole("button", { name: CONFIRM }).click();
    await other.page
      .getByText(
        "The staking server has seen a deposit to these validators in a recent block. Sending them again would top them up and pay the service fee twice, so your wallet was not asked.",
      )
      .waitFor();
    expect(await other.page.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")).toBe(hash);
    expect(other.sentTransactions).toEqual([]);
    expect(Object.values((await depositsPerKey(owner)).counts)).toEqual([1]);
  });

  it("does not send the same validators again after a wallet that errored once it had broadcast", async () => {
    const owner = account(3);
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: REVIEW }).waitFor({ timeout: 30_000 });
    await failAfterBroadcast(page, true);
    await page.getByRole("button", { name: CONFIRM }).click();
    const maybeSent =
      "Your wallet reported an error, but a transaction went out from your account meanwhile: these validators may already be deposited, so they will not be sent again.";
    await page.getByText(maybeSent).waitFor({ timeout: 30_000 });
    expect(await page.getByText("Looking for the transaction…").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: CONFIRM }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    await failAfterBroadcast(page, false);

    // A plain retry: reload and ask for the same stake again (same idempotency key, same validators).
    await page.reload();
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: REFUSED }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(maybeSent).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: CONFIRM }).count()).toBe(0);

    // Once the server has seen the deposit, the refusal names its transaction.
    await stack.indexNow();
    const { hash, counts } = await depositsPerKey(owner);
    await page
      .getByText(
        "These validators were already sent in a transaction from this browser (another tab or an earlier attempt). Sending them again would top them up and pay the service fee twice, so your wallet was not asked.",
      )
      .waitFor({ timeout: 30_000 });
    expect(await page.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")).toBe(hash);
    expect(sentTransactions).toHaveLength(1);
    expect(Object.values(counts)).toEqual([1]);
  });
});
