import { type Address, formatUnits, getAddress, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterAfter, ssvSend } from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { createDevnetKeyshares } from "../../devnet/ssv/create-devnet-keyshares.ts";
import { readDevnetOperators } from "../../devnet/ssv/devnet-operators.ts";
import type { KeysharesEntry } from "../../src/core/ssv/keyshares-file.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { registerKeyshares } from "./support/register-keyshares.ts";
import {
  keysharesEntries,
  keysharesUpload,
  openSsvFlow,
  pickOperators,
  type SsvPage,
  uploadKeyshares,
} from "./support/ssv-flow-page.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
let owner: Address;
let flow: SsvPage;

const short = (publicKey: string) => `${publicKey.slice(0, 8)}…${publicKey.slice(-6)}`;

beforeAll(async () => {
  stack = await startLocalStack();
  owner = stack.devnet.ethereum.accounts[2] as Address;
  // One validator registered already: the owner's next nonce on the SSV network is 1.
  const [first] = await keysharesEntries(owner, 0, 1);
  if (!first) throw new Error("no keyshares");
  const chain = stack.devnet.ethereum as unknown as TestChain;
  await registerKeyshares(chain, owner, first, parseUnits("10", 18));
  await stack.indexNow();
  flow = await openSsvFlow(app, stack, owner);
  await pickOperators(flow.page, [1, 2, 3, 4]);
  await flow.page.getByRole("button", { name: "Continue" }).click();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("SSV flow refusals", () => {
  it("counts the existing cluster's validator and balance, and the validators to add, in the SSV to deposit", async () => {
    const { page, sentTransactions } = flow;
    await page.getByRole("heading", { name: "Select funding period", exact: true }).waitFor();
    // The operators chosen on step 1 survive a reload: the required SSV still adds up their fees.
    await page.reload();
    await page.getByRole("radio", { name: "30 days" }).check();
    // 1 validator in the cluster + 1 new for 30 days of 7,160 blocks: 2 × 1.2356057824 SSV, under the ≈10 SSV
    // the cluster holds, so nothing to deposit.
    await page.getByRole("heading", { name: "To deposit: 0 SSV" }).waitFor();
    const formula = page.locator(".ssv-formula");
    expect(await formula.textContent()).toContain("Validators2 1 in your cluster + 1 new");
    expect(await formula.textContent()).toContain("Blocks214,800 30 days of 7,160 blocks");
    expect(await formula.textContent()).toContain("Required SSV2.4712115648 SSV");
    // The 10 SSV registered with it, less the fees of any block since.
    expect(await formula.textContent()).toMatch(/Already in the cluster(10|9\.99\d*) SSV/);

    const count = page.getByRole("textbox", { name: "Validators to add" });
    for (const typed of ["0", "101", "2.5"]) {
      await count.fill(typed);
      await page.getByText("Enter a whole number of validators from 1 to 100.").waitFor();
      expect(await formula.count()).toBe(0);
    }
    await page.getByRole("button", { name: "Continue" }).click();
    expect(new URL(page.url()).pathname).toBe("/ethereum/ssv/funding-period");
    // 3 more for 365 days: 4 × 10.6430588984 SSV = 42.5722355936 SSV, less what the cluster holds.
    await count.fill("3");
    await page.getByRole("radio", { name: "365 days" }).check();
    await formula.getByText("Required SSV").waitFor();
    expect(await formula.textContent()).toContain("Validators4 1 in your cluster + 3 new");
    expect(await formula.textContent()).toContain("Required SSV42.5722355936 SSV");
    const held = (await formula.textContent())?.match(/Already in the cluster([\d.]+) SSV/)?.[1] ?? "";
    const deposit = parseUnits("42.5722355936", 18) - parseUnits(held, 18);
    expect(await formula.textContent()).toContain(`To deposit${formatUnits(deposit, 18)} SSV`);
    await page.getByRole("heading", { name: `To deposit: ${formatUnits(deposit, 18)} SSV` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(sentTransactions).toEqual([]);
  });

  it("checks custom funding days as they are typed, under the field, before Continue", async () => {
    const { page, sentTransactions } = flow;
    await page.getByRole("radio", { name: "Custom" }).check();
    const days = page.getByRole("textbox", { name: "Days" });
    const errorUnder = async () => {
      const ids = (await days.getAttribute("aria-describedby"))?.split(" ") ?? [];
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(" ");
    };
    const cases: [string, string][] = [
      ["abc", "Enter the days in digits only, such as 90 (not 1e2 or a word)."],
      ["1e2", "Enter the days in digits only, such as 90 (not 1e2 or a word)."],
      ["90.5", "Enter whole days, such as 90: the period is counted in days."],
      ["0", "Enter a whole number of days from 1 to 3650."],
      ["3651", "Enter a whole number of days from 1 to 3650."],
      ["", "Enter how many days of fees to pay, such as 365."],
      [
        "13",
        "A funding period of 13 days is shorter than the SSV network's liquidation threshold (100,240 blocks): the cluster could be liquidated at once. Choose 14 days or more.",
      ],
    ];
    for (const [typed, message] of cases) {
      await days.fill(typed);
      await expect.poll(errorUnder).toContain(message);
      expect(await days.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(".ssv-formula").count()).toBe(0);
    }
    await days.fill("30");
    await expect.poll(() => days.getAttribute("aria-invalid")).toBeNull();
    await page.locator(".ssv-formula").waitFor();
    expect(new URL(page.url()).pathname).toBe("/ethereum/ssv/funding-period");
    expect(sentTransactions).toEqual([]);
  });

  it("refuses a funding period under the liquidation threshold (13 days) and goes on with 14", async () => {
    const { page, sentTransactions } = flow;
    await page.getByRole("radio", { name: "Custom" }).check();
    await page.getByRole("textbox", { name: "Days" }).fill("13");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByText(
        "A funding period of 13 days is shorter than the SSV network's liquidation threshold (100,240 blocks): the cluster could be liquidated at once. Choose 14 days or more.",
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/ethereum/ssv/funding-period");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("textbox", { name: "Days" }).fill("14");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Upload keyshare files", exact: true }).waitFor();
    expect(sentTransactions).toEqual([]);
  });

  const cases: ReadonlyArray<{
    name: string;
    make: () => Promise<KeysharesEntry[]>;
    tamper?: (entry: KeysharesEntry) => KeysharesEntry;
    line: (entry: KeysharesEntry) => string;
  }> = [
    {
      name: "a wrong owner",
      make: () => keysharesEntries(stack.devnet.ethereum.accounts[3] as Address, 1, 1),
      line: (entry) =>
        `tampered.json, validator ${short(entry.data.publicKey)}: made for owner ${entry.data.ownerAddress}, not for your connected wallet ${getAddress(owner)}.`,
    },
    {
      name: "a stale nonce",
      make: () => keysharesEntries(owner, 0, 1),
      line: (entry) =>
        `tampered.json, validator ${short(entry.data.publicKey)}: owner nonce 0 is already used; your next nonce on the SSV network is 1.`,
    },
    {
      name: "wrong operators",
      make: () => keysharesEntries(owner, 1, 1, [5, 6, 7, 8]),
      line: (entry) =>
        `tampered.json, validator ${short(entry.data.publicKey)}: split for operators 5, 6, 7, 8, but you selected operators 1, 2, 3, 4.`,
    },
    {
      name: "a bad signature",
      make: () => keysharesEntries(owner, 1, 1),
      tamper: (entry) => {
        const shares = entry.payload.sharesData;
        const flipped = shares.slice(0, 10) + (shares[10] === "0" ? "1" : "0") + shares.slice(11);
        return { ...entry, payload: { ...entry.payload, sharesData: flipped } };
      },
      line: (entry) =>
        `tampered.json, validator ${short(entry.data.publicKey)}: the signature over owner and nonce is not valid for this validator's key; the file was altered or not made with this key.`,
    },
    {
      // The owner:nonce signature covers only the first 96 bytes: keep it, and put another validator's share
      // keys and encrypted shares behind it.
      name: "shares spliced from another validator",
      make: async () => {
        const [victim, other] = await keysharesEntries(owner, 1, 2);
        if (!victim || !other) throw new Error("no keyshares");
        const signature = victim.payload.sharesData.slice(0, 2 + 96 * 2);
        const sharesData = `${signature}${other.payload.sharesData.slice(2 + 96 * 2)}` as const;
        return [{ ...victim, payload: { ...victim.payload, sharesData } }];
      },
      line: (entry) =>
        `tampered.json, entry 1, validator ${short(entry.data.publicKey)}: the operators' share public keys do not combine to this validator's public key; the shares belong to another validator or were altered, and the operators could never sign for this one.`,
    },
    {
      name: "truncated shares",
      make: () => keysharesEntries(owner, 1, 1),
      tamper: (entry) => ({
        ...entry,
        payload: { ...entry.payload, sharesData: entry.payload.sharesData.slice(0, -512) },
      }),
      line: (entry) =>
        `tampered.json, validator ${short(entry.data.publicKey)}: the shares are 1056 bytes, but 4 operators need 1312 (truncated or altered shares).`,
    },
  ];

  for (const tampering of cases) {
    it(`refuses keyshares with ${tampering.name}, one line, and asks the wallet nothing`, async () => {
      const { page, sentTransactions } = flow;
      const [made] = await tampering.make();
      if (!made) throw new Error("no keyshares");
      const entry = tampering.tamper ? tampering.tamper(made) : made;
      await uploadKeyshares(page, [keysharesUpload("tampered.json", [entry])]);
      const refusal = page.getByRole("alert").filter({ hasText: "Not accepted" });
      await refusal.waitFor({ timeout: 30_000 });
      expect(await refusal.getByRole("listitem").allTextContents()).toEqual([tampering.line(entry)]);
      expect(await page.getByRole("link", { name: "Continue" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(sentTransactions).toEqual([]);
    });
  }

  it("refuses a tampered 32 ETH deposit data file for the registered validator, one line a problem, wallet not asked", async () => {
    const depositor = stack.devnet.ethereum.accounts[5] as Address;
    const elsewhere = stack.devnet.ethereum.accounts[6] as Address;
    const chain = stack.devnet.ethereum as unknown as TestChain;
    // The validator's deposit data sends withdrawals to another address than its owner's.
    const { entries, depositData } = await createDevnetKeyshares({
      owner: depositor,
      nonce: 0,
      count: 1,
      operators: readDevnetOperators().filter((operator) => operator.id <= 4),
      withdrawalAddress: elsewhere,
      credentials: "0x01",
    });
    const [entry] = entries;
    const [deposit] = depositData;
    if (!entry || !deposit) throw new Error("no keyshares");
    await registerKeyshares(chain, depositor, entry, parseUnits("10", 18));
    await stack.indexNow();

    const { page, sentTransactions } = await openSsvFlow(app, stack, depositor);
    await pickOperators(page, [1, 2, 3, 4]);
    // Where the flow stands after its registration: the validator registered, its 32 ETH still to deposit.
    await page.evaluate(
      ({ publicKey, owner }) => {
        const key = "ssvFlow:ethereum:devnet";
        const state = JSON.parse(sessionStorage.getItem(key) ?? "{}");
        sessionStorage.setItem(key, JSON.stringify({ ...state, registeredKeys: [publicKey], registeredFor: owner }));
      },
      { publicKey: entry.data.publicKey, owner: depositor },
    );
    await page.getByRole("link", { name: "Deposit tokens" }).click();
    await page.getByRole("heading", { name: "32 ETH deposit for 1 validator" }).waitFor({ timeout: 30_000 });
    const upload = (name: string, entries: readonly unknown[]) =>
      page
        .getByLabel("Deposit data file")
        .setInputFiles([{ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(entries)) }]);
    const refusal = page.getByRole("alert").filter({ hasText: "Deposit data not accepted" });

    await upload("deposit_data-elsewhere.json", [deposit]);
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getByRole("listitem").allTextContents()).toEqual([
      `Deposit 1 would send withdrawals elsewhere: its credentials must be type 0x01 with your address ${getAddress(depositor)}.`,
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // The same file with 31 ETH written in: each broken rule is its own line.
    await upload("deposit_data-31.json", [{ ...deposit, amount: 31_000_000_000 }]);
    await expect
      .poll(() => refusal.getByRole("listitem").allTextContents(), { timeout: 30_000 })
      .toEqual([
        `Deposit 1 would send withdrawals elsewhere: its credentials must be type 0x01 with your address ${getAddress(depositor)}.`,
        "Deposit 1 is for another amount than you chose.",
        "Deposit 1: its deposit message root does not match its public key, credentials and amount.",
        "Deposit 1: its deposit data root does not match, so the deposit contract would refuse it.",
        "Deposit 1: its BLS signature is not valid for its public key on Ethereum Devnet.",
      ]);
    expect(sentTransactions).toEqual([]);
  });

  it("offers reactivate for a liquidated cluster and reactivates it with the funding period's SSV", async () => {
    const liquidated = stack.devnet.ethereum.accounts[4] as Address;
    const chain = stack.devnet.ethereum as unknown as TestChain;
    const [entry] = await keysharesEntries(liquidated, 0, 1);
    if (!entry) throw new Error("no keyshares");
    // 0.4 SSV: just over the 0.393 SSV collateral, gone in about 1,800 blocks at 4 operators' burn rate.
    const registered = await registerKeyshares(chain, liquidated, entry, parseUnits("0.4", 18));
    await stack.devnet.ethereum.client.mine({ blocks: 2_000 });
    await ssvSend(chain, owner, "liquidate", [liquidated, [1n, 2n, 3n, 4n], clusterAfter(registered)]);
    await stack.indexNow();

    const { page, sentTransactions } = await openSsvFlow(app, stack, liquidated);
    await pickOperators(page, [1, 2, 3, 4]);
    await page
      .getByText(
        "Your cluster with operators 1, 2, 3, 4 is liquidated: reactivate it on the deposit step before you add validators.",
      )
      .waitFor();
    await page.getByRole("link", { name: "Deposit tokens" }).click();
    const cluster = page.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" });
    await cluster.getByText("This cluster is liquidated").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await cluster.getByRole("button", { name: "Reactivate cluster" }).click();
    // The allowance is spent: approve 365 days' SSV (the default period) for 1 validator first, then reactivate:
    // 3,922,060,000,000 × (2,613,400 + 100,240) wei.
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-panel").textContent()).toContain("Allow the SSV network to take 10.6430588984 SSV");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("button", { name: "Done" }).click();
    await cluster.getByRole("button", { name: "Reactivate cluster" }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-panel").textContent()).toContain("Reactivate the cluster with 10.6430588984 SSV");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    await cluster.getByText("Active").waitFor({ timeout: 30_000 });
    expect(sentTransactions).toHaveLength(2);
  });
});
