import type { Page } from "playwright-core";
import { type Address, formatEther, type Hex, numberToHex, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rewardsClaimAbi } from "../../contracts/generated/index.ts";
import { rewardsClaimAddress, withdrawalRequestsAddress } from "../../devnet/addresses.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import {
  advanceEthereumClock,
  consolidationRequests,
  indexedValidators,
  requestWithdrawal,
  stakeThroughContract,
  stakeValidators,
  withdrawalRequests,
} from "./support/beacon-validators.ts";
import { connectDevnetWallet, rejectWalletRequests, selectWalletAccount } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
const SHARD_COMMITTEE_PERIOD = 20;
let stack: LocalStack;
/** The Devnet Wallet's first account: it stakes, claims and unstakes. */
let owner: Address;
let compounding: Hex;
let nonCompounding: Hex;
/** Another dev account with two 0x01 validators: one is upgraded to 0x02, then the other consolidated into it. */
let merger: Address;
let mergeTarget: Hex;
let mergeSource: Hex;

async function openPage(path: string, connect: boolean): Promise<Page> {
  const context = await app.newContext();
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  if (connect) await connectDevnetWallet(page);
  return page;
}

/** Credits `owner` on RewardsClaim from another dev account (accrue): the devnet allocates nothing by hand. */
async function credit(owner: Address, eth: string): Promise<void> {
  const chain = stack.devnet.ethereum.client;
  const hash = await chain.writeContract({
    account: stack.devnet.ethereum.accounts[3] as Address,
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "accrue",
    args: [owner],
    value: parseEther(eth),
    chain: null,
  });
  await chain.waitForTransactionReceipt({ hash });
}

/** The validator card showing `pubkey`. */
const card = (page: Page, pubkey: Hex) => page.getByRole("article").filter({ hasText: pubkey });

beforeAll(async () => {
  // A SHARD_COMMITTEE_PERIOD of 20 epochs (80 s of the devnet's clock): the first test meets it, then moves past it.
  stack = await startLocalStack({ beaconParams: { shardCommitteePeriod: SHARD_COMMITTEE_PERIOD } });
  owner = stack.devnet.ethereum.accounts[0] as Address;
  merger = stack.devnet.ethereum.accounts[5] as Address;
  const [staked, merging] = await Promise.all([
    stakeValidators(stack, owner, "34"),
    stakeThroughContract(stack, merger, { credentialType: "0x01", validatorCount: 2 }, `e2e-merge-${merger}`),
  ]);
  ({ nonCompounding, compounding } = staked);
  [mergeTarget, mergeSource] = merging.deposits.map((entry) => `0x${entry.pubkey}` as Hex) as [Hex, Hex];
  // The beacon stand-in activates a deposit ~20 s of its clock after it; its clock follows anvil's.
  await advanceEthereumClock(stack, 60);
  await vi.waitFor(
    async () => {
      const statuses = [...(await indexedValidators(stack, owner)), ...(await indexedValidators(stack, merger))].map(
        (validator) => validator.status,
      );
      if (statuses.join() !== "active_ongoing,active_ongoing,active_ongoing,active_ongoing")
        throw new Error(`statuses ${statuses.join()}`);
    },
    { timeout: 30_000, interval: 250 },
  );
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The stand-in's head validator for `pubkey` (GET /eth/v1/beacon/states/head/validators). */
async function beaconValidator(pubkey: Hex) {
  const response = await fetch(`${stack.devnet.beacon.url}/eth/v1/beacon/states/head/validators?id=${pubkey}`);
  const [entry] = ((await response.json()) as { data: { index: string; validator: { activation_epoch: string } }[] })
    .data;
  return entry;
}

describe("request pre-checks (Electra rules that would drop a request silently)", () => {
  it("refuses an exit before SHARD_COMMITTEE_PERIOD epochs of activity (and a partial from 0x01), naming the rule; sends nothing", async () => {
    const activation = BigInt((await beaconValidator(nonCompounding))?.validator.activation_epoch ?? 0);
    const page = await openPage("/ethereum/validator", true);
    const singleCard = card(page, nonCompounding);
    await expect.poll(() => singleCard.textContent()).toContain("StatusActive");
    const requestsBefore = (await withdrawalRequests(stack)).length;
    await singleCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog");
    // 0x01: no partial withdrawal is offered (the consensus layer would drop it), only the exit.
    expect(await dialog.getByRole("radio", { name: "Partial withdrawal" }).isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain("Partial withdrawals are only for compounding (0x02) validators");
    await dialog.getByRole("button", { name: "Review request" }).click();
    const refusal = dialog.getByRole("alert").filter({ hasText: "SHARD_COMMITTEE_PERIOD" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      new RegExp(
        `^This validator has been active for less than 20 epochs \\(the consensus layer's SHARD_COMMITTEE_PERIOD\\), so a request now would be dropped and its fee lost\\. It can be sent from epoch ${activation + 20n}, in about .+\\. Nothing was sent\\.$`,
      ),
    );
    expect(await dialog.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(await withdrawalRequests(stack)).toHaveLength(requestsBefore);
    await page.keyboard.press("Escape");
    // Past the period for every test after this one.
    await advanceEthereumClock(stack, (SHARD_COMMITTEE_PERIOD + 2) * 4);
  });
});

describe("validator screen", () => {
  it("lists an address's validators with index, public key, status and balance, without a wallet", async () => {
    const page = await openPage("/ethereum/validator", false);
    await page.getByRole("textbox", { name: "Address to view" }).fill(owner);
    await page.getByRole("button", { name: "View", exact: true }).click();
    await page.waitForURL(`**/ethereum/validator?address=${owner}`);
    const list = page.getByRole("region", { name: "Validators" });
    for (const pubkey of [nonCompounding, compounding]) {
      const text = () => card(page, pubkey).textContent();
      await expect.poll(text).toContain("StatusActive");
      expect(await text()).toMatch(/Index\d+/);
      expect(await text()).toContain(`Deposit address${owner}`);
      expect(await text()).toContain(`Withdrawal address${owner}`);
    }
    expect(await card(page, nonCompounding).textContent()).toMatch(/Balance32(\.\d+)? ETH/);
    expect(await card(page, compounding).textContent()).toMatch(/Balance34(\.\d+)? ETH/);
    expect(await card(page, compounding).textContent()).toContain("(0x02, compounding)");
    expect(await list.getByRole("article").count()).toBe(2);
    // Devnet has no explorer: the values are shown, no links.
    expect(await list.getByRole("link").count()).toBe(0);
  });
});

describe("upgrade to compounding and consolidation (EIP-7251)", () => {
  /** The merger's validator screen with the Devnet Wallet on the merger's account. */
  async function mergerPage(): Promise<Page> {
    const page = await openPage(`/ethereum/validator?address=${merger}`, true);
    await selectWalletAccount(page, merger);
    await expect.poll(() => card(page, mergeSource).textContent()).toContain("StatusActive");
    return page;
  }
  const indexOf = async (pubkey: Hex) => Number((await beaconValidator(pubkey))?.index);

  it("refuses a consolidation into a 0x01 validator, naming the rule, and a target that is not a validator's; sends nothing", async () => {
    const page = await mergerPage();
    const requestsBefore = (await consolidationRequests(stack)).length;
    await card(page, mergeSource)
      .getByRole("button", { name: /^Consolidate into…: Validator \d+$/ })
      .click();
    const dialog = page.getByRole("dialog", { name: /^Consolidate Validator \d+ into another validator$/ });
    await expect
      .poll(() => dialog.textContent())
      .toContain("Request fee: 1 wei, read from the request contract now and sent exactly.");
    const targetIndex = await indexOf(mergeTarget);
    const target = dialog.getByRole("radio", { name: `Validator ${targetIndex}` });
    expect(await target.isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog
      .getByRole("alert")
      .filter({
        hasText: `The target validator ${targetIndex} has 0x01 credentials: the consensus layer consolidates only into a compounding (0x02) validator. Upgrade the target to 0x02 first. Nothing was sent.`,
      })
      .waitFor();
    expect(await dialog.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // A target typed by hand must be an index or a public key.
    await dialog.getByRole("radio", { name: "Another validator" }).check();
    await dialog.getByRole("textbox", { name: "Validator index or public key" }).fill(merger);
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog
      .getByRole("alert")
      .filter({
        hasText:
          "Enter the target validator's index (a whole number such as 12) or its public key (0x and 96 hexadecimal digits).",
      })
      .waitFor();
    expect(await consolidationRequests(stack)).toHaveLength(requestsBefore);
  });

  it("upgrades a 0x01 validator to 0x02: reviewed with the request fee, sent once, and the card shows compounding credentials", async () => {
    const page = await mergerPage();
    const targetCard = card(page, mergeTarget);
    expect(await targetCard.textContent()).toContain("(0x01)");
    await targetCard.getByRole("button", { name: /^Upgrade to compounding: Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Upgrade Validator \d+ to compounding$/ });
    await expect.poll(() => dialog.textContent()).toContain("Request fee: 1 wei");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    const review = (await dialog.locator(".tx-review").textContent()) ?? "";
    expect(review).toContain("RequestUpgrade to compounding (0x02)");
    expect(review).toContain(`Validator${mergeTarget}`);
    expect(review).toMatch(
      /Request fee paid0\.00000001 ETHNetwork feeup to 0\.\d+ ETHTotal leaving your walletup to 0\.\d+ ETH/,
    );
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await dialog.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    expect((await consolidationRequests(stack)).at(-1)).toMatchObject({
      source: merger.toLowerCase(),
      sourcePubkey: mergeTarget,
      targetPubkey: mergeTarget,
    });
    expect((await beaconValidator(mergeTarget))?.validator).toMatchObject({
      withdrawal_credentials: expect.stringMatching(/^0x02/),
    });
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await stack.indexNow();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(() => targetCard.textContent()).toContain("(0x02, compounding)");
    // Nothing left to upgrade: the card offers no upgrade any more.
    expect(await targetCard.getByRole("button", { name: /^Upgrade to compounding/ }).count()).toBe(0);
  });

  it("consolidates one validator into the upgraded one: the source's card shows it queued, then the target holds both balances", async () => {
    const page = await mergerPage();
    const sourceCard = card(page, mergeSource);
    const targetIndex = await indexOf(mergeTarget);
    const sourceIndex = await indexOf(mergeSource);
    await sourceCard.getByRole("button", { name: /^Consolidate into…/ }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("radio", { name: `Validator ${targetIndex}` }).isChecked()).toBe(true);
    const node = stack.devnet.beacon.node;
    const headEpoch = () => node.epochOf(node.headSlot());
    // The review's ETA is for a request sent at the head it read, some time between these two epochs.
    const reviewFrom = headEpoch();
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    const reviewTo = headEpoch();
    const review = (await dialog.locator(".tx-review").textContent()) ?? "";
    expect(review).toContain(`RequestConsolidate into Validator ${targetIndex}`);
    expect(review).toContain(`From validator${mergeSource}Into validator${mergeTarget}`);
    const shown = BigInt(
      new RegExp(`The balance moves to Validator ${targetIndex} at epoch (\\d+), in about `).exec(review)?.[1] ?? "-1",
    );
    expect(shown).toBeGreaterThan(0n);
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await dialog.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const requests = await consolidationRequests(stack);
    expect(requests.at(-1)).toMatchObject({
      source: merger.toLowerCase(),
      sourcePubkey: mergeSource,
      targetPubkey: mergeTarget,
    });
    const sentBlock = await stack.devnet.ethereum.client.getBlock({ blockNumber: requests.at(-1)?.blockNumber });
    const sentEpoch = node.epochOf(node.watcher.slotAt(sentBlock.timestamp));
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Refresh" }).click();
    const queued = sourceCard.locator('[data-field="eta"]');
    await expect
      .poll(() => queued.textContent(), { timeout: 20_000 })
      .toMatch(
        new RegExp(`^Consolidating into Validator ${targetIndex}: its balance moves there at epoch \\d+, in about `),
      );
    const onCard = BigInt(/at epoch (\d+)/.exec((await queued.textContent()) ?? "")?.[1] ?? "-1");
    await expect
      .poll(() => card(page, mergeTarget).locator('[data-field="eta"]').textContent())
      .toBe(`Receiving Validator ${sourceIndex}'s balance: its consolidation into this validator is queued`);

    // The devnet moves the balance at the end of the epoch before the source becomes withdrawable.
    await advanceEthereumClock(stack, 30);
    const moved = await vi.waitFor(
      async () => {
        const { state } = await node.stateAt("head");
        if ((state.validators[sourceIndex]?.balance ?? 0n) >= 1_000_000_000n) throw new Error("not moved yet");
        for (let epoch = shown - 3n; ; epoch += 1n) {
          const at = await node.stateAt(String(epoch * BigInt(node.params.slotsPerEpoch)));
          if ((at.state.validators[sourceIndex]?.balance ?? 0n) < 1_000_000_000n) return epoch;
        }
      },
      { timeout: 30_000, interval: 250 },
    );
    console.log(
      `ETA check: consolidation reviewed at head epoch ${reviewFrom}-${reviewTo} with ETA epoch ${shown}, sent in epoch ${sentEpoch}, card ETA epoch ${onCard}, balance moved at epoch ${moved}`,
    );
    // Queued, the card's ETA is the state's own: exact. The review's is exact for a request sent at the head it read;
    // each epoch the click and the wallet took moves the consolidation (and the ETA a fresh review gives) one later.
    expect(onCard).toBe(moved);
    expect(moved - shown).toBeGreaterThanOrEqual(sentEpoch - reviewTo);
    expect(moved - shown).toBeLessThanOrEqual(sentEpoch - reviewFrom);
    await stack.indexNow();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect
      .poll(() => card(page, mergeTarget).textContent(), { timeout: 20_000 })
      .toMatch(/Balance6[4-9](\.\d+)? ETH/);
    expect(await sourceCard.textContent()).toMatch(/StatusExit/);
    expect(await sourceCard.getByRole("button", { name: /^Consolidate into/ }).count()).toBe(0);
  }, 90_000);
});

describe("top-up (a deposit to an existing validator, from any address)", () => {
  it("refuses less than 1 ETH, then tops the merged 0x02 validator up by 1 ETH from another account; the beacon chain credits it when the card said", async () => {
    // The Devnet Wallet's first account (not the merger) views the merger's validators and tops one up.
    const page = await openPage(`/ethereum/validator?address=${merger}`, true);
    const targetCard = card(page, mergeTarget);
    await expect.poll(() => targetCard.textContent()).toContain("(0x02, compounding)");
    const targetIndex = Number((await beaconValidator(mergeTarget))?.index);
    await targetCard.getByRole("button", { name: `Top up: Validator ${targetIndex}` }).click();
    const dialog = page.getByRole("dialog", { name: `Top up Validator ${targetIndex}` });
    expect(await dialog.textContent()).toContain("A top-up carries no signature the chain checks");
    const amount = dialog.getByRole("textbox", { name: "Amount (ETH)" });
    await amount.fill("0.5");
    await dialog.getByRole("button", { name: "Review top-up" }).click();
    await expect.poll(() => dialog.textContent()).toContain("A top-up is at least 1 ETH. Nothing was sent.");
    expect(await dialog.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    const node = stack.devnet.beacon.node;
    const balanceOf = async (slot: string) => (await node.stateAt(slot)).state.validators[targetIndex]?.balance ?? 0n;
    const before = await balanceOf("head");
    await amount.fill("1");
    await dialog.getByRole("button", { name: "Review top-up" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    const review = (await dialog.locator(".tx-review").textContent()) ?? "";
    expect(review).toContain(
      `Withdrawal credentials (from the beacon chain)0x02${"00".repeat(11)}${merger.slice(2).toLowerCase()}`,
    );
    const shown = BigInt(/CreditedAt epoch (\d+), in about /.exec(review)?.[1] ?? "-1");
    expect(shown).toBeGreaterThan(0n);
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await dialog.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();

    // Credited once the deposit's block is finalized and the queue reaches it: 1 ETH more, in the epoch shown.
    await advanceEthereumClock(stack, 30);
    const credited = await vi.waitFor(
      async () => {
        const head = await balanceOf("head");
        if (head < before + parseEther("1") / 1_000_000_000n) throw new Error(`balance ${head} gwei`);
        for (let epoch = shown - 4n; ; epoch += 1n) {
          if ((await balanceOf(String((epoch + 1n) * BigInt(node.params.slotsPerEpoch)))) >= before + 1_000_000_000n)
            return epoch;
        }
      },
      { timeout: 30_000, interval: 250 },
    );
    console.log(`ETA check: top-up reviewed with ETA epoch ${shown}, credited at the end of epoch ${credited}`);
    expect(credited - shown).toBeGreaterThanOrEqual(0n);
    expect(credited - shown).toBeLessThanOrEqual(2n);
  }, 90_000);
});

describe("on a 360 px phone", () => {
  it("the validator list, the unstake dialog and the claim screen fit, log no error and pass axe", async () => {
    const context = await app.newContext({ width: 360, height: 740 });
    await stack.forward(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto(`/ethereum/validator?address=${owner}`);
    await expect.poll(() => card(page, compounding).textContent()).toContain("StatusActive");
    expect(await fits()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await card(page, compounding)
      .getByRole("button", { name: /^Unstake/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.textContent()).toContain("Request fee:");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.goto(`/ethereum/claim?address=${owner}`);
    await expect.poll(() => page.getByRole("region", { name: "Rewards to claim" }).textContent()).toContain("ETH");
    expect(await fits()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("claim screen", () => {
  it("claims the wallet's rewards after a declined attempt that sent nothing", async () => {
    const chain = stack.devnet.ethereum.client;
    // A wallet without validators (the owner's allocations keep arriving as its validators propose).
    const claimant = stack.devnet.ethereum.accounts[4] as Address;
    await credit(claimant, "0.75");
    const claimable = await chain.readContract({
      address: rewardsClaimAddress,
      abi: rewardsClaimAbi,
      functionName: "claimable",
      args: [claimant],
    });
    expect(claimable).toBe(parseEther("0.75"));
    const page = await openPage("/ethereum/claim", true);
    await selectWalletAccount(page, claimant);
    const region = page.getByRole("region", { name: "Rewards to claim" });
    await expect.poll(() => region.textContent()).toContain(`Available to claim${formatEther(claimable)} ETH`);
    const claim = page.getByRole("button", { name: `Claim ${formatEther(claimable)} ETH` });

    await claim.click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor();
    expect(await page.locator(".tx-review").textContent()).toContain("You receive0.75 ETHYou send0 ETH");
    await rejectWalletRequests(page, true);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await expect
      .poll(() => page.getByRole("alert").allTextContents())
      .toContain("You declined the transaction in your wallet. Nothing was sent.");
    expect(
      await chain.readContract({
        address: rewardsClaimAddress,
        abi: rewardsClaimAbi,
        functionName: "claimable",
        args: [claimant],
      }),
    ).toBe(claimable);
    await rejectWalletRequests(page, false);
    await page.getByRole("button", { name: "Back" }).click();

    const before = await chain.getBalance({ address: claimant });
    await claim.click();
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const hash = (await page.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")) as Hex;
    const receipt = await chain.getTransactionReceipt({ hash });
    const [claimed] = parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Claimed" });
    expect(claimed?.args).toEqual({ owner: claimant, amount: claimable });
    const after = await chain.getBalance({ address: claimant });
    expect(after - before).toBe(claimable - receipt.gasUsed * receipt.effectiveGasPrice);
    await expect.poll(() => region.textContent()).toContain("Available to claim0 ETH");
    expect(await region.textContent()).toContain(`Claimed so far${formatEther(claimable)} ETH`);
  });

  it("follows a pending claim again after a reload, without sending it twice", async () => {
    const chain = stack.devnet.ethereum.client;
    const claimant = stack.devnet.ethereum.accounts[1] as Address;
    await credit(claimant, "0.25");
    const claimable = await chain.readContract({
      address: rewardsClaimAddress,
      abi: rewardsClaimAbi,
      functionName: "claimable",
      args: [claimant],
    });
    const page = await openPage("/ethereum/claim", true);
    await selectWalletAccount(page, claimant);
    await page.getByRole("button", { name: `Claim ${formatEther(claimable)} ETH` }).click();
    await chain.setAutomine(false);
    try {
      await page.getByRole("button", { name: "Confirm in wallet" }).click();
      await page.getByRole("heading", { name: "Transaction broadcast" }).waitFor({ timeout: 30_000 });
      await page.reload();
      await page.getByRole("heading", { name: "Transaction broadcast" }).waitFor({ timeout: 30_000 });
      await chain.mine({ blocks: 1 });
      await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    } finally {
      await chain.setAutomine(true);
    }
    const claims = await chain.getContractEvents({
      address: rewardsClaimAddress,
      abi: rewardsClaimAbi,
      eventName: "Claimed",
      args: { owner: claimant },
      fromBlock: 0n,
    });
    expect(claims.map((log) => log.args.amount)).toEqual([claimable]);
    const region = page.getByRole("region", { name: "Rewards to claim" });
    await expect.poll(() => region.textContent()).toContain("Available to claim0 ETH");
  });
});

describe("claim review", () => {
  it("shows what claim() pays first, the same figure as the button, and follows it while open", async () => {
    const chain = stack.devnet.ethereum.client;
    const claimant = stack.devnet.ethereum.accounts[2] as Address;
    const accrue = async (amount: string) => {
      const hash = await chain.writeContract({
        account: stack.devnet.ethereum.accounts[3] as Address,
        address: rewardsClaimAddress,
        abi: rewardsClaimAbi,
        functionName: "accrue",
        args: [claimant],
        value: parseEther(amount),
        chain: null,
      });
      await chain.waitForTransactionReceipt({ hash });
    };
    await accrue("1");
    const page = await openPage("/ethereum/claim", true);
    await selectWalletAccount(page, claimant);
    const claim = page.getByRole("button", { name: "Claim 1 ETH" });
    await claim.waitFor();
    // Accrued after the page read it: the review, the button and the page all show what claim() pays now.
    await accrue("0.2814");
    await claim.click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    const rows = () =>
      page
        .locator(".tx-review__row")
        .evaluateAll((elements) =>
          elements.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
        );
    const [receive, send, fee, total] = await rows();
    expect(receive).toEqual(["You receive", "1.2814 ETH"]);
    expect(send).toEqual(["You send", "0 ETH"]);
    expect(fee?.[0]).toBe("Network fee");
    // A fee cap to 4 significant digits, never 18 decimals.
    expect(fee?.[1]).toMatch(/^up to 0\.0*[1-9]\d{0,3} ETH$/);
    expect(total).toEqual(["Total leaving your wallet", fee?.[1]]);
    // The largest figure is what the claim pays, not the fee.
    expect(await page.locator(".tx-review__row--emphasis dt").allTextContents()).toEqual(["You receive"]);
    const region = page.getByRole("region", { name: "Rewards to claim" });
    expect(await region.textContent()).toContain("Available to claim1.2814 ETH");
    // The exact figure on hover.
    expect(await page.locator('[data-field="receive"] .ui-coin-amount').getAttribute("title")).toBeNull();
    await accrue("0.01001");
    await expect.poll(async () => (await rows())[0], { timeout: 20_000 }).toEqual(["You receive", "1.2914 ETH"]);
    expect(await page.locator('[data-field="receive"] .ui-coin-amount').getAttribute("title")).toBe("1.29141 ETH");
    expect(await region.textContent()).toContain("Available to claim1.2914 ETH");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Claim 1.2914 ETH" }).waitFor();
  });
});

describe("unstake dialog", () => {
  it("sends a partial withdraw for a 0x02 validator, refusing one that would leave less than 32 ETH", async () => {
    const page = await openPage("/ethereum/validator", true);
    const compoundCard = card(page, compounding);
    await expect.poll(() => compoundCard.textContent()).toContain("StatusActive");
    const opener = compoundCard.getByRole("button", { name: /^Unstake Validator \d+$/ });

    // Escape closes the dialog and gives focus back to the button that opened it.
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /^Unstake Validator \d+$/ });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    expect(await dialog.textContent()).toContain("Unstake takes 2-3 days to receive assets.");
    await expect
      .poll(() => dialog.textContent())
      .toContain("Request fee: 2 wei (the current fee of 1 wei plus a safety buffer");
    expect(await dialog.textContent()).toContain("The request contract refunds nothing: all of it is spent.");
    expect(await dialog.getByRole("radio", { name: "Partial withdrawal" }).isChecked()).toBe(true);
    // The field is named by its label alone; the limit and any error describe it, the error as an alert.
    const amount = dialog.getByRole("textbox", { name: "Amount to withdraw (ETH)", exact: true });
    await amount.fill("2.5");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: /^That would leave less than 32 ETH: withdraw at most 2\.\d+ ETH/ })
      .waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    const requestsBefore = (await withdrawalRequests(stack)).length;

    await amount.fill("1.5");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor();
    const review = await dialog.locator(".tx-review").textContent();
    expect(review).toContain("RequestWithdraw 1.5 ETH");
    expect(review).toMatch(/^You receive1\.5 ETHPaid to the withdrawal address once the consensus layer/);
    // The request's 2 wei value is what is paid: rounded up, like the fee and the total.
    expect(review).toContain("Request fee paid0.00000001 ETH");
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await dialog.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });

    const requests = await withdrawalRequests(stack);
    expect(requests).toHaveLength(requestsBefore + 1);
    expect(requests.at(-1)).toEqual({ source: owner.toLowerCase(), pubkey: compounding, amountGwei: 1_500_000_000n });

    // The consensus layer pays the 1.5 ETH out; the validator stays active with less balance.
    await advanceEthereumClock(stack, 30);
    await expect
      .poll(
        async () =>
          BigInt((await indexedValidators(stack, owner)).find((v) => v.pubkey === compounding)?.balanceWei ?? 0),
        {
          timeout: 30_000,
        },
      )
      .toBeLessThan(parseEther("33"));
    // Another request from the same dialog is bounded by the balance now, not the 34 ETH it opened with.
    await dialog.getByRole("button", { name: "Done" }).click();
    await amount.fill("1");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByText(/^That would leave less than 32 ETH: withdraw at most 0\.\d+ ETH/).waitFor();
    expect(await dialog.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(await withdrawalRequests(stack)).toHaveLength(requestsBefore + 1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(() => compoundCard.textContent()).toMatch(/Balance32\.\d+ ETH/);
    expect(await compoundCard.textContent()).toContain("StatusActive");
  });

  it("drops a reviewed request when its dialog closes: nothing to confirm outside it, nothing sent", async () => {
    const page = await openPage("/ethereum/validator", true);
    const opener = card(page, compounding).getByRole("button", { name: /^Unstake Validator \d+$/ });
    await expect.poll(() => opener.count()).toBe(1);
    const requestsBefore = (await withdrawalRequests(stack)).length;
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /^Unstake Validator \d+$/ });
    await dialog.getByRole("radio", { name: "Full withdrawal (exit)" }).check();
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Confirm in wallet" }).count()).toBe(0);
    await opener.click();
    await dialog.getByRole("button", { name: "Review request" }).waitFor();
    expect(await withdrawalRequests(stack)).toHaveLength(requestsBefore);
  });

  it("follows a pending unstake request on the page after a reload, sent once", async () => {
    const chain = stack.devnet.ethereum.client;
    const page = await openPage("/ethereum/validator", true);
    const compoundCard = card(page, compounding);
    await expect.poll(() => compoundCard.textContent()).toContain("StatusActive");
    await compoundCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Amount to withdraw (ETH)" }).fill("0.1");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor();
    const requestsBefore = (await withdrawalRequests(stack)).length;
    await chain.setAutomine(false);
    try {
      await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
      await dialog.getByRole("heading", { name: "Transaction broadcast" }).waitFor({ timeout: 30_000 });
      await page.reload();
      const progress = page.getByRole("region", { name: "Unstake request" });
      await progress.getByRole("heading", { name: "Transaction broadcast" }).waitFor({ timeout: 30_000 });
      await chain.mine({ blocks: 1 });
      await progress.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    } finally {
      await chain.setAutomine(true);
    }
    const requests = await withdrawalRequests(stack);
    expect(requests.slice(requestsBefore)).toEqual([
      { source: owner.toLowerCase(), pubkey: compounding, amountGwei: 100_000_000n },
    ]);
  });

  it("exits a 0x01 validator (partial withdraw offered only to 0x02) and its status follows", async () => {
    const page = await openPage("/ethereum/validator", true);
    const singleCard = card(page, nonCompounding);
    await expect.poll(() => singleCard.textContent()).toContain("StatusActive");
    await singleCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: "Partial withdrawal" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Full withdrawal (exit)" }).isChecked()).toBe(true);
    expect(await dialog.textContent()).toContain(
      "A full exit must be initiated manually: this request starts it. The validator stops validating, and its whole balance is swept",
    );
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor();
    expect(await dialog.locator(".tx-review").textContent()).toContain("RequestFull withdrawal (exit)");
    // An exit pays the validator's whole balance, stated first.
    expect(await dialog.locator(".tx-review").textContent()).toMatch(
      /^You receive32(\.\d{1,4})? ETHThe validator's balance now: paid to the withdrawal address once it has exited\./,
    );
    // Declining in the wallet sends no request and says so.
    const requestsBefore = (await withdrawalRequests(stack)).length;
    await rejectWalletRequests(page, true);
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").allTextContents())
      .toContain("You declined the transaction in your wallet. Nothing was sent.");
    expect(await withdrawalRequests(stack)).toHaveLength(requestsBefore);
    await rejectWalletRequests(page, false);
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog.getByRole("button", { name: "Confirm in wallet" }).click();
    await dialog.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    expect((await withdrawalRequests(stack)).at(-1)).toEqual({
      source: owner.toLowerCase(),
      pubkey: nonCompounding,
      amountGwei: 0n,
    });

    await advanceEthereumClock(stack, 30);
    await expect
      .poll(async () => (await indexedValidators(stack, owner)).find((v) => v.pubkey === nonCompounding)?.status, {
        timeout: 30_000,
      })
      .toMatch(/exiting|exited|withdrawal/);
    await page.reload();
    await expect.poll(() => singleCard.textContent()).toMatch(/StatusExit/);
    // An exiting validator offers no unstake any more.
    expect(await singleCard.getByRole("button", { name: /^Unstake/ }).count()).toBe(0);

    // The operation history names it an exit, with the balance it withdraws (not "Unstake request 0 ETH").
    await page.goto(`/ethereum/operation?address=${owner}`);
    const exit = page.locator('tr[data-kind="exit"]');
    await expect.poll(() => exit.count(), { timeout: 30_000 }).toBe(1);
    const [, kind, amount] = await exit.locator("th, td").allTextContents();
    expect(kind).toBe("Exit");
    expect(amount).toMatch(/^32(\.\d{1,4})? ETH$/);
  }, 90_000);

  it("refuses a request from an account that is not the withdrawal address", async () => {
    const page = await openPage(`/ethereum/validator?address=${owner}`, true);
    const other = stack.devnet.ethereum.accounts[1] as Address;
    await selectWalletAccount(page, other);
    const compoundCard = card(page, compounding);
    await compoundCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("alert").allTextContents())
      .toContainEqual(expect.stringContaining(`Only the validator's withdrawal address ${owner} can request this`));
    expect(await dialog.getByRole("button", { name: "Review request" }).isDisabled()).toBe(true);
  });

  it("warns when the request fee is high, and pays it with the buffer", async () => {
    const chain = stack.devnet.ethereum.client;
    // 600 excess requests in the request contract's packed state (slot 0): the fee is about 0.002 ETH.
    await chain.setStorageAt({ address: withdrawalRequestsAddress, index: 0, value: numberToHex(600n, { size: 32 }) });
    try {
      const page = await openPage("/ethereum/validator", true);
      const compoundCard = card(page, compounding);
      await expect.poll(() => compoundCard.textContent()).toContain("StatusActive");
      await compoundCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
      const dialog = page.getByRole("dialog");
      await expect
        .poll(() => dialog.getByRole("alert").allTextContents())
        .toContainEqual(expect.stringMatching(/^Warning: the request fee is high right now \(0\.00\d+ ETH\)/));
      // The review charges twice the contract's current fee, and nothing is sent before confirming.
      const { data } = await chain.call({ to: withdrawalRequestsAddress });
      const fee = BigInt(data ?? "0x0");
      await dialog.getByRole("radio", { name: "Full withdrawal (exit)" }).check();
      await dialog.getByRole("button", { name: "Review request" }).click();
      await dialog.getByRole("heading", { name: "Review before you sign" }).waitFor();
      // Rounded to 4 significant digits; every digit on hover.
      const paid = dialog.locator(".tx-review__row", { hasText: "Request fee paid" }).locator(".ui-coin-amount");
      expect(await paid.textContent()).toMatch(/^0\.00\d{4} ETH$/);
      expect(await paid.getAttribute("title")).toBe(`${formatEther(fee * 2n)} ETH`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await chain.setStorageAt({ address: withdrawalRequestsAddress, index: 0, value: numberToHex(0n, { size: 32 }) });
    }
  });
});

describe("request pre-checks, once the validators have withdrawn and exited", () => {
  it("refuses an exit while a partial withdrawal is pending, and a second partial above what it leaves; sends nothing", async () => {
    const page = await openPage("/ethereum/validator", true);
    const compoundCard = card(page, compounding);
    await expect.poll(() => compoundCard.textContent()).toContain("StatusActive");
    // A partial withdrawal of 0.25 ETH is queued on the consensus layer (paid some epochs later).
    await requestWithdrawal(stack, owner, compounding, 250_000_000n);
    const requestsBefore = (await withdrawalRequests(stack)).length;
    await compoundCard.getByRole("button", { name: /^Unstake Validator \d+$/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: "Full withdrawal (exit)" }).check();
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog
      .getByRole("alert")
      .filter({
        hasText:
          "A partial withdrawal of 0.25 ETH is still waiting to be paid: the consensus layer drops an exit request until it is. Try again once it has arrived. Nothing was sent.",
      })
      .waitFor();
    expect(await dialog.getByRole("heading", { name: "Review before you sign" }).count()).toBe(0);
    // A second partial is bounded by what the pending one leaves above 32 ETH.
    await dialog.getByRole("radio", { name: "Partial withdrawal" }).check();
    await dialog.getByRole("textbox", { name: "Amount to withdraw (ETH)", exact: true }).fill("1");
    await dialog.getByRole("button", { name: "Review request" }).click();
    await dialog
      .getByRole("alert")
      .filter({
        hasText:
          /^That would leave less than 32 ETH once the 0\.25 ETH already requested is paid: withdraw at most 0\.\d+ ETH\.$/,
      })
      .waitFor();
    expect(await withdrawalRequests(stack)).toHaveLength(requestsBefore);
    await page.keyboard.press("Escape");

    // The card says when the partial withdrawal is paid; the devnet pays it in that epoch's first block.
    await page.getByRole("button", { name: "Refresh" }).click();
    const eta = compoundCard.locator('[data-field="eta"]');
    await expect
      .poll(() => eta.textContent(), { timeout: 20_000 })
      .toMatch(/^Partial withdrawal of 0\.25 ETH paid at epoch \d+, in about /);
    const shown = BigInt(/at epoch (\d+)/.exec((await eta.textContent()) ?? "")?.[1] ?? "0");
    const index = Number((await beaconValidator(compounding))?.index);
    await advanceEthereumClock(stack, 30);
    const paid = await vi.waitFor(
      async () => {
        const { state } = await stack.devnet.beacon.node.stateAt("head");
        const payout = state.payouts.filter((entry) => entry.validatorIndex === index).at(-1);
        if (payout?.amount !== 250_000_000n) throw new Error("not paid yet");
        return payout.epoch;
      },
      { timeout: 30_000, interval: 250 },
    );
    console.log(`ETA check: partial withdrawal shown at epoch ${shown}, paid at epoch ${paid}`);
    expect(paid - shown).toBe(0n);
  });
});
