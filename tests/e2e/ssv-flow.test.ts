import type { Page } from "playwright-core";
import { type Address, type Hash, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkAbi } from "../../contracts/generated/index.ts";
import { ssvNetworkAddress } from "../../devnet/addresses.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import {
  devnetKeyshares,
  keysharesEntries,
  keysharesUpload,
  openSsvFlow,
  pickOperators,
  uploadKeyshares,
} from "./support/ssv-flow-page.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

const account = (index: number) => stack.devnet.ethereum.accounts[index] as Address;

/** Sends the transaction under review, waits for it to be mined, and closes its panel. */
async function confirmInWallet(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Confirm in wallet" }).click();
  await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Done" }).click();
}

/** The owner's ValidatorAdded events on the devnet SSV network, with the gas of each one's transaction. */
async function registrations(owner: Address) {
  const client = stack.devnet.ethereum.client;
  const logs = await client.getLogs({ address: ssvNetworkAddress, fromBlock: 0n });
  const added = parseEventLogs({ abi: ssvNetworkAbi, logs, eventName: "ValidatorAdded", args: { owner } });
  const gas = new Map<Hash, bigint>();
  for (const log of added) {
    if (!gas.has(log.transactionHash)) {
      gas.set(log.transactionHash, (await client.getTransactionReceipt({ hash: log.transactionHash })).gasUsed);
    }
  }
  return { added, gas };
}

describe("SSV flow on the devnet SSV network", () => {
  it("registers one validator with 4 operators for 30 days, deposits its 32 ETH, and shows it with its cluster's runway", async () => {
    const owner = account(1);
    const { page } = await openSsvFlow(app, stack, owner);
    const table = page.getByRole("table", { name: "8 operators" });
    await table.waitFor();
    expect(await table.getByText("Verified").count()).toBe(4);
    expect(await seriousViolations(page)).toEqual([]);

    await pickOperators(page, [1, 2, 3, 4, 5]);
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByText("Select 4, 7, 10 or 13 operators (the cluster sizes the SSV network allows); you selected 5.")
      .waitFor();
    await page.getByRole("checkbox", { name: "Operator 5", exact: true }).uncheck();
    await page.getByText("4 operators selected: 1, 2, 3, 4.").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Select funding period", exact: true }).waitFor();
    await page.getByRole("radio", { name: "30 days" }).check();
    // (382,640,000,000 + 573,960,000,000 + 765,280,000,000 + 956,600,000,000 + 1,243,580,000,000) × 214,800
    // (30 days of 7,160 blocks) + 3,922,060,000,000 × 100,240 wei.
    await page.getByRole("heading", { name: "Required: 1.2356057824 SSV" }).waitFor();
    expect(await page.locator(".ssv-formula").textContent()).toContain("1000 SSV");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Upload keyshare files", exact: true }).waitFor();
    const { entries, depositData } = await devnetKeyshares(owner, 0, 1);
    await uploadKeyshares(page, [keysharesUpload("keyshares-0.json", entries)]);
    await page.getByText("1 validator checked and ready to register.").waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Validator detail", exact: true }).waitFor();
    const publicKey = entries[0]?.data.publicKey as string;
    const detail = page.getByRole("listitem", { name: publicKey });
    expect(await detail.textContent()).toContain("A new cluster of operators 1, 2, 3, 4");
    // (Σ fees + network fee) × 2,613,400 blocks: 3,922,060,000,000 × 2,613,400 wei.
    expect(await detail.textContent()).toContain("10.249911604 SSV");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Deposit tokens", exact: true }).waitFor();
    const totals = page.getByRole("region", { name: "Totals" });
    expect(await totals.textContent()).toContain("SSV to deposit1.2356057824 SSV");
    expect(await totals.textContent()).toContain("Operators1, 2, 3, 4");
    await page.getByRole("button", { name: "Approve 1.2356057824 SSV" }).click();
    await confirmInWallet(page);
    await page.getByRole("button", { name: "Register 1 validator" }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-panel").textContent()).toContain("Register 1 validator with 1.2356057824 SSV");
    await confirmInWallet(page);

    const runway = page.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" });
    await runway.waitFor({ timeout: 30_000 });
    expect(await runway.textContent()).toContain("Active");
    // Funded for exactly 30 days (no block since): 30 days left, not under 30, so no warning yet.
    expect(await runway.textContent()).toContain("Runway30 days");
    expect(await runway.getByText(/Only \d+ days? of SSV left/).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Then its 32 ETH deposit, with the deposit data made with the same key, through the batch staking contract.
    await page.getByRole("heading", { name: "32 ETH deposit for 1 validator" }).waitFor();
    // Users read what to upload; the script that writes the file is named only in this devnet build.
    const depositStep = page.getByRole("region", { name: "32 ETH deposit for 1 validator" });
    expect(await depositStep.locator("p").allTextContents()).toEqual(
      expect.arrayContaining([
        "As on mainnet, the validator starts only after its 32 ETH deposit through the deposit contract. Upload the deposit data file made with its key.",
        "On this devnet, npm run ssv:keyshares writes the deposit data file beside the keyshares.",
      ]),
    );
    await page
      .getByLabel("Deposit data file")
      .setInputFiles([
        { name: "deposit_data.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(depositData)) },
      ]);
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-panel").textContent()).toContain("Deposit 32 ETH for 1 validator");
    await confirmInWallet(page);
    await page.getByText("The 32 ETH deposit for 1 validator is confirmed.").waitFor();

    // A block later (the deposit's) the validators screen lists the validator, and the cluster with its
    // operators and 29 whole days of runway: under 30, so it warns.
    await stack.indexNow(); // the deposit indexed before the screen reads the owner's validators
    await page.getByRole("link", { name: "See your validators" }).click();
    await page
      .getByRole("article")
      .filter({ hasText: publicKey.slice(2) })
      .or(page.getByRole("article").filter({ hasText: publicKey }))
      .first()
      .waitFor({ timeout: 30_000 });
    const listed = page.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" });
    await listed.waitFor({ timeout: 30_000 });
    expect(await listed.textContent()).toContain("Validators1");
    expect(await listed.textContent()).toContain("Runway29 days");
    expect(await listed.textContent()).toContain(
      "Only 29 days of SSV left: deposit more before the cluster can be liquidated.",
    );
    expect(await seriousViolations(page)).toEqual([]);

    const { added, gas } = await registrations(owner);
    expect(added.map((log) => log.args.publicKey)).toEqual([publicKey]);
    console.info(`registerValidator, 1 validator: ${[...gas.values()][0]} gas`);
  });

  it("registers three validators from two files with one bulkRegisterValidator into the owner's cluster", async () => {
    const owner = account(1); // the owner of the first test: its cluster is reused, its next nonce is 1
    const { page, sentTransactions } = await openSsvFlow(app, stack, owner);
    await pickOperators(page, [1, 2, 3, 4]);
    await page.getByText(/You already have a cluster with operators 1, 2, 3, 4 \(1 validator,/).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "90 days" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    const entries = await keysharesEntries(owner, 1, 3);
    await uploadKeyshares(page, [
      keysharesUpload("second.json", entries.slice(2)),
      keysharesUpload("first.json", entries.slice(0, 2)),
    ]);
    await page.getByText("3 validators checked and ready to register.").waitFor({ timeout: 30_000 });
    // Back on the funding step, the validators to add follow the files, with the cluster's one on top.
    await page.getByRole("link", { name: "Select funding period" }).click();
    const count = page.getByRole("textbox", { name: "Validators to add" });
    await page.getByText("Set by your uploaded keyshares files: 3 validators.").waitFor();
    expect(await count.inputValue()).toBe("3");
    expect(await count.getAttribute("readonly")).not.toBeNull();
    await page.locator(".ssv-formula").getByText("1 in your cluster + 3 new").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Validator detail", exact: true }).waitFor();
    await expect
      .poll(() => page.getByText("Your existing cluster of operators 1, 2, 3, 4 (1 validator)").count())
      .toBe(3);
    await page.getByRole("link", { name: "Continue" }).click();
    expect(await page.getByRole("region", { name: "Totals" }).textContent()).toContain("Already in the cluster");
    await page.getByRole("button", { name: /^Approve/ }).click();
    await confirmInWallet(page);
    await page.getByRole("button", { name: "Register 3 validators" }).click();
    await confirmInWallet(page);
    const runway = page.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" });
    await runway.getByText("Validators4").waitFor({ timeout: 30_000 });
    expect(sentTransactions).toHaveLength(2);

    const { added, gas } = await registrations(owner);
    expect(added.map((log) => log.args.publicKey)).toEqual([
      expect.any(String),
      ...entries.map((entry) => entry.data.publicKey),
    ]);
    const bulk = gas.get(added[3]?.transactionHash as Hash) as bigint;
    console.info(`bulkRegisterValidator, 3 validators: ${bulk} gas, ${bulk / 3n} a validator`);
  });
});
