import type { Page } from "playwright-core";
import { type Address, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { credentialsOf, depositsTo as depositsToOnStack, ethOf } from "./support/deposit-events.ts";
import { rejectWalletRequests, selectWalletAccount } from "./support/devnet-wallet.ts";
import { enterDetails, openStakePage, switchWalletChain } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

const account = (index: number) => stack.devnet.ethereum.accounts[index] as Address;
const depositsTo = (credentials: Hex) => depositsToOnStack(stack, credentials);
/** The review's text without the activation estimate, which follows the clock. */
const reviewText = (page: Page) =>
  page.locator(".tx-review").evaluate((review) => {
    const copy = review.cloneNode(true) as HTMLElement;
    for (const eta of copy.querySelectorAll('[data-field="activation"]')) eta.remove();
    return copy.textContent;
  });

describe("Ethereum stake flow on the devnet", () => {
  it("stakes 64 ETH as two 0x01 validators in one transaction whose deposits pay out to the wallet", async () => {
    const owner = account(1);
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    expect(await page.getByText("Please double check your information before next step.").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("textbox", { name: "Amount (ETH)" }).fill("40");
    await page.getByRole("button", { name: "Generate deposit data" }).click();
    await page.getByText("Enter 32 ETH plus a multiple of 32 ETH.").waitFor();

    const before = await stack.devnet.ethereum.client.getBalance({ address: owner });
    await enterDetails(page, "0x01", "64");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    const review = await page.locator(".tx-review").textContent();
    expect(review).toContain("Validators2");
    expect(review).toContain("Stake amount64 ETH");
    expect(review).toContain(owner);
    expect(review).toContain("Transaction value64 ETH");
    expect(review).toMatch(/Network feeup to [0-9.]+ ETH/);
    // When the validators would activate, behind the consensus layer's queue, before anything is signed.
    const activation = page.locator('[data-field="activation"]');
    await expect.poll(() => activation.textContent(), { timeout: 20_000 }).toMatch(/^In about .+, from epoch \d+ /);
    const predicted = BigInt(/from epoch (\d+)/.exec((await activation.textContent()) ?? "")?.[1] ?? "0");
    expect(await page.getByText(/Deposit data verified in your browser: 2 deposit/).isVisible()).toBe(true);
    expect(await page.locator('[aria-current="step"]').textContent()).toBe("Review");
    expect(sentTransactions).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Confirm in wallet" }).dblclick();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText("Staking successful").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(sentTransactions).toHaveLength(1);
    const deposits = await depositsTo(credentialsOf("0x01", owner));
    expect(deposits.map((event) => ethOf(event.args.amount as Hex))).toEqual([32, 32]);
    expect(new Set(deposits.map((event) => event.transactionHash)).size).toBe(1);
    // The devnet activates both at the epoch shown, give or take the one epoch the click to confirm may take.
    const pubkeys = deposits.map((event) => event.args.pubkey as Hex);
    await stack.devnet.ethereum.client.increaseTime({ seconds: 60 });
    await stack.devnet.ethereum.client.mine({ blocks: 1 });
    const activationEpochs = await vi.waitFor(
      async () => {
        const response = await fetch(
          `${stack.devnet.beacon.url}/eth/v1/beacon/states/head/validators?id=${pubkeys.join(",")}`,
        );
        const { data } = (await response.json()) as { data: { validator: { activation_epoch: string } }[] };
        const epochs = data.map((entry) => BigInt(entry.validator.activation_epoch));
        if (epochs.length !== 2 || epochs.some((epoch) => epoch === 2n ** 64n - 1n)) throw new Error("not yet");
        return epochs;
      },
      { timeout: 30_000, interval: 250 },
    );
    console.log(
      `ETA check: activation shown at epoch ${predicted}, devnet activated at ${activationEpochs.join(", ")}`,
    );
    for (const epoch of activationEpochs) {
      const error = epoch - predicted;
      expect(error >= -1n && error <= 1n, `activation at ${epoch}, shown ${predicted}`).toBe(true);
    }
    const spent = before - (await stack.devnet.ethereum.client.getBalance({ address: owner }));
    expect(spent).toBeGreaterThanOrEqual(parseEther("64"));
    expect(spent).toBeLessThan(parseEther("64.01"));

    expect(await page.getByRole("link", { name: "View validator" }).getAttribute("href")).toBe("/ethereum/validator");
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("stakes one compounding 0x02 validator of 100 ETH", async () => {
    const owner = account(2);
    const { page } = await openStakePage(app, stack, owner);
    // The facts follow the credential type: a 0x02 stake is any amount in the range, not steps of 32.
    const facts = page.getByRole("region", { name: "Staking facts" }).getByRole("listitem");
    expect(await facts.allTextContents()).toContain("Stake from 32 to 2048 ETH in steps of 32");
    await page.getByRole("radio", { name: /^0x02/ }).check();
    await expect.poll(() => facts.allTextContents()).toContain("Stake any amount from 32 to 2048 ETH");
    expect(await facts.allTextContents()).not.toContain("Stake from 32 to 2048 ETH in steps of 32");
    await enterDetails(page, "0x02", "100");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-review").textContent()).toContain("Validators1Withdrawal credentials0x02");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    const deposits = await depositsTo(credentialsOf("0x02", owner));
    expect(deposits.map((event) => ethOf(event.args.amount as Hex))).toEqual([100]);
  });

  it("resumes a stake after a reload while it waits to be mined, without sending it again", async () => {
    const owner = account(3);
    const chain = stack.devnet.ethereum.client;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await chain.setAutomine(false);
    try {
      await page.getByRole("button", { name: "Confirm in wallet" }).click();
      await page.getByRole("heading", { name: "Deposit Transaction Broadcast" }).waitFor({ timeout: 30_000 });
      expect(await page.getByText("Staking in progress").isVisible()).toBe(true);
      await page.reload();
      await page.getByRole("heading", { name: "Deposit Transaction Broadcast" }).waitFor({ timeout: 30_000 });
      expect(sentTransactions).toHaveLength(1);
      await chain.mine({ blocks: 1 });
    } finally {
      await chain.setAutomine(true);
    }
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    expect(sentTransactions).toHaveLength(1);
    expect(await depositsTo(credentialsOf("0x01", owner))).toHaveLength(1);
  });

  it("reports a stake that the wallet replaced with another transaction before it was mined", async () => {
    const owner = account(8);
    const chain = stack.devnet.ethereum.client;
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await chain.setAutomine(false);
    try {
      await page.getByRole("button", { name: "Confirm in wallet" }).click();
      await page.getByRole("heading", { name: "Deposit Transaction Broadcast" }).waitFor({ timeout: 30_000 });
      expect(sentTransactions).toHaveLength(1);
      // The user speeds up a cancel in the wallet: same nonce, higher fee, another transaction.
      const nonce = await chain.getTransactionCount({ address: owner, blockTag: "latest" });
      await chain.sendTransaction({
        account: owner,
        chain: chain.chain,
        to: owner,
        value: 0n,
        nonce,
        maxFeePerGas: parseEther("0.0000002"),
        maxPriorityFeePerGas: parseEther("0.0000001"),
      });
      await chain.mine({ blocks: 1 });
    } finally {
      await chain.setAutomine(true);
    }
    await page.getByText(/was replaced in your wallet by another transaction/).waitFor({ timeout: 30_000 });
    expect(await depositsTo(credentialsOf("0x01", owner))).toHaveLength(0);
  });

  it("returns to the review with a clear message when the wallet declines, then stakes the same validators, in any tab", async () => {
    const owner = account(4);
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    const depositRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/deposit-data")) depositRequests.push(request.postData() ?? "");
    });
    await enterDetails(page, "0x01", "32");
    const review = page.getByRole("heading", { name: "Review before you sign" });
    await review.waitFor({ timeout: 30_000 });
    const reviewed = await reviewText(page);
    await rejectWalletRequests(page, true);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByText("You declined the transaction in your wallet. Nothing was sent.").waitFor();
    expect(await review.isVisible()).toBe(true);
    expect(sentTransactions).toEqual([]);

    // Back to the details and on again: the same idempotency key, so the same validators.
    await rejectWalletRequests(page, false);
    await page.getByRole("button", { name: "Cancel" }).click();
    await enterDetails(page, "0x01", "32");
    await review.waitFor({ timeout: 30_000 });
    expect(await reviewText(page)).toBe(reviewed);
    const keys = depositRequests.map((body) => (JSON.parse(body) as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    // The same stake prepared in a second tab asks for the same validators too, instead of new ones.
    const secondTab = await page.context().newPage();
    secondTab.on("request", (request) => {
      if (request.url().endsWith("/deposit-data")) depositRequests.push(request.postData() ?? "");
    });
    await secondTab.goto("/ethereum");
    await secondTab.getByRole("heading", { name: "Enter staking details" }).waitFor();
    await enterDetails(secondTab, "0x01", "32");
    await secondTab.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await reviewText(secondTab)).toBe(reviewed);
    const allKeys = depositRequests.map((body) => (JSON.parse(body) as { idempotencyKey: string }).idempotencyKey);
    expect(allKeys).toEqual([keys[0], keys[0], keys[0]]);
    await secondTab.close();
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    expect(await depositsTo(credentialsOf("0x01", owner))).toHaveLength(1);
  });

  it("refuses to stake from another chain than the selected environment's", async () => {
    const owner = account(5);
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    const conflux = stack.devnet.conflux.client.chain?.id as number;

    // On the details step: a field error, and the switch offered.
    await switchWalletChain(page, conflux);
    const wrongChain =
      "Your wallet is on another network. Switch it to Ethereum Devnet to stake; nothing can be sent from there.";
    await page.getByRole("alert").filter({ hasText: wrongChain }).first().waitFor();
    await page.getByRole("button", { name: "Generate deposit data" }).click();
    await page.locator(".ui-field__error", { hasText: wrongChain }).waitFor();
    expect(await page.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    // A switch declined in the wallet is said, not ignored; the next one goes through.
    await rejectWalletRequests(page, true);
    await page.getByRole("button", { name: "Switch to Ethereum Devnet" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "You declined the network switch in your wallet. Switch it to Ethereum Devnet to continue." })
      .waitFor();
    await rejectWalletRequests(page, false);
    await page.getByRole("button", { name: "Switch to Ethereum Devnet" }).click();
    await page.getByRole("button", { name: "Switch to Ethereum Devnet" }).waitFor({ state: "detached" });

    // Moved to another chain after the review: the send path refuses before the wallet is asked.
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await switchWalletChain(page, conflux);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByText(/Your wallet is on another network \(chain 31338\)\. Switch it to Ethereum Devnet/).waitFor();
    expect(sentTransactions).toEqual([]);
    expect(await depositsTo(credentialsOf("0x01", owner))).toHaveLength(0);
  });
  it("keeps the verified withdrawal address on the review and sends nothing after the wallet switches account", async () => {
    const owner = account(6);
    const other = account(7);
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await selectWalletAccount(page, other);
    // The header's account button shows the switch once the app has seen it.
    const short = `${other.slice(0, 6)}…${other.slice(-4)}`;
    await expect
      .poll(() => page.getByRole("banner").locator("[data-modal-kit-button]").textContent(), { timeout: 30_000 })
      .toBe(short);
    expect(await page.locator(".tx-review").textContent()).toContain(`Withdrawal address${owner}`);
    expect(await page.locator(".tx-review").textContent()).not.toContain(other);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByText(new RegExp(`The connected account ${other} is not ${owner}`, "i")).waitFor();
    expect(sentTransactions).toEqual([]);
    expect(await depositsTo(credentialsOf("0x01", owner))).toHaveLength(0);
    expect(await depositsTo(credentialsOf("0x01", other))).toHaveLength(0);
  });

  it("says on the amount field when the balance cannot pay the stake, or its network fee", async () => {
    const owner = account(0);
    const chain = stack.devnet.ethereum.client;
    await chain.setBalance({ address: owner, value: parseEther("50") });
    const { page, sentTransactions } = await openStakePage(app, stack, owner);
    await page.getByText("Wallet balance: 50 ETH").waitFor();
    await enterDetails(page, "0x01", "64");
    await page
      .locator(".ui-field__error", {
        hasText:
          "Not enough ETH: this stake needs 64 ETH with the service fee, plus the network fee, and the wallet has 50 ETH.",
      })
      .waitFor();

    // Enough for the stake but not for its network fee: found with the gas estimate, shown on the same field.
    await chain.setBalance({ address: owner, value: parseEther("32.000000001") });
    await page.reload();
    // Rounded to the coin's 4 decimals (Max still fills every digit).
    await page.getByText("Wallet balance: 32 ETH").waitFor({ timeout: 30_000 });
    await enterDetails(page, "0x01", "32");
    await page
      .locator(".ui-field__error", {
        hasText: /^Not enough ETH: this needs up to 32\.0+\d+ ETH including the network fee/,
      })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole("heading", { name: "Enter staking details" }).isVisible()).toBe(true);
    expect(sentTransactions).toEqual([]);
  });
});
