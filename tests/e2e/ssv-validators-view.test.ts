import type { Page } from "playwright-core";
import { type Address, type Hex, parseUnits, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { approveSsv, clusterAfter, emptyCluster, ssvSend } from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { ethStakingAddress } from "../../devnet/addresses.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { devnetKeyshares } from "./support/ssv-flow-page.ts";
import { expectScreenshot, LOOKS, showAs } from "./support/visual.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
let chain: TestChain;
let page: Page;
let owner: Address;
let publicKeys: Hex[];
let registered: TransactionReceipt;

beforeAll(async () => {
  stack = await startLocalStack({ indexerIntervalMs: 3_600_000 });
  chain = stack.devnet.ethereum as unknown as TestChain;
  owner = stack.devnet.ethereum.accounts[2] as Address;
  // Two validators registered on the SSV network with operators 1 to 4 by one bulk call, as the flow does;
  // then the first one's 32 ETH deposit through the batch staking contract, as the flow does, so the app's
  // validator data has it and not the second.
  const { entries, depositData } = await devnetKeyshares(owner, 0, 2);
  publicKeys = entries.map((entry) => entry.payload.publicKey as Hex);
  const amount = parseUnits("5", 18);
  await approveSsv(chain, owner, amount);
  registered = await ssvSend(chain, owner, "bulkRegisterValidator", [
    publicKeys,
    [1n, 2n, 3n, 4n],
    entries.map((entry) => entry.payload.sharesData as Hex),
    amount,
    emptyCluster,
  ]);
  const deposit = depositData[0];
  if (!deposit) throw new Error("no deposit data made");
  const hex = (value: string) => `0x${value}` as Hex;
  const fee = await chain.client.readContract({
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "feePerValidator",
  });
  const hash = await chain.client.writeContract({
    account: owner,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      [hex(deposit.pubkey)],
      hex(deposit.withdrawal_credentials),
      [hex(deposit.signature)],
      [hex(deposit.deposit_data_root)],
    ],
    value: 32n * 10n ** 18n + fee,
  });
  await chain.client.waitForTransactionReceipt({ hash });
  // The consensus layer takes the deposit in at the next slot (1 s on the devnet) and queues it for activation an
  // epoch later; no validator client runs this key, so it stays queued. Wait for that, so the status the page shows
  // does not depend on how fast this machine reached the indexer.
  const validatorUrl = `${stack.devnet.beacon.url}/eth/v1/beacon/states/head/validators?id=0x${deposit.pubkey}`;
  const status = async () =>
    ((await (await fetch(validatorUrl)).json()) as { data: { status: string }[] }).data[0]?.status;
  for (const started = Date.now(); (await status()) !== "pending_queued"; ) {
    if (Date.now() - started > 30_000) throw new Error("the Beacon API did not queue the deposited validator in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stack.indexNow();
  const context = await app.newContext();
  await stack.forward(context);
  page = await context.newPage();
  await page.goto(`/ethereum/validator?address=${owner}`);
  await page.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" }).waitFor({ timeout: 30_000 });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const listedValidator = (publicKey: string) => page.getByRole("listitem", { name: `SSV validator ${publicKey}` });

describe("SSV validators in the validators view", () => {
  it("lists each registered validator with its beacon status, and the cluster's 4 operators and runway", async () => {
    const section = page.getByRole("region", { name: "Shared-operator clusters (SSV)" });
    await section.getByText("2 validators in this cluster").waitFor({ timeout: 30_000 });
    const first = listedValidator(publicKeys[0] as string);
    const second = listedValidator(publicKeys[1] as string);
    // The short form with the full key copied by its button.
    expect(await first.textContent()).toContain(`${publicKeys[0]?.slice(0, 6)}…${publicKeys[0]?.slice(-4)}`);
    expect(await first.getByRole("button", { name: `Copy ${publicKeys[0]}` }).count()).toBe(1);
    // The deposited one has the status the app's validator data gives it (queued by the consensus layer, as its
    // validator card shows); the other has no deposit yet.
    expect(await first.getByText("No 32 ETH deposit seen yet").count()).toBe(0);
    expect(await first.getByText("Pending (in the activation queue)").count()).toBe(1);
    expect(await second.getByText("Pending (in the activation queue)").count()).toBe(0);
    expect(await second.getByText("No 32 ETH deposit seen yet").count()).toBe(1);

    const operators = section.getByRole("table", { name: "4 operators" });
    const rows = operators.locator("tbody tr");
    expect(await rows.count()).toBe(4);
    // The devnet's operators 1 to 4, verified by the provider, at about 1, 1.5, 2 and 2.5 SSV a year (2 places).
    expect(await rows.allTextContents()).toEqual([
      "Operator 1Verified1 SSV",
      "Operator 2Verified1.5 SSV",
      "Operator 3Verified2 SSV",
      "Operator 4Verified2.5 SSV",
    ]);
    const runway = section.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" });
    expect(await runway.textContent()).toContain("Validators2");
    expect(await runway.textContent()).toContain("Active");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(LOOKS)("looks as recorded in $theme at $width px", async (look) => {
    await showAs(page, look);
    // Keys are new each run, balances and runway follow the chain: masked; the layout is compared.
    const varying = page.locator("main .ui-address-chip__text, main dd").filter({ hasText: /\d/ });
    await expectScreenshot(page, `ssv-validators-${look.theme}-${look.width}`, [varying]);
  });

  it("no longer lists a validator removed from the SSV network", async () => {
    await ssvSend(chain, owner, "removeValidator", [publicKeys[0] as Hex, [1n, 2n, 3n, 4n], clusterAfter(registered)]);
    await stack.indexNow();
    await page.getByRole("button", { name: "Refresh" }).click();
    const section = page.getByRole("region", { name: "Shared-operator clusters (SSV)" });
    await section.getByText("1 validator in this cluster").waitFor({ timeout: 30_000 });
    expect(await listedValidator(publicKeys[0] as string).count()).toBe(0);
    expect(await listedValidator(publicKeys[1] as string).count()).toBe(1);
    expect(await section.getByRole("region", { name: "Cluster of operators 1, 2, 3, 4" }).textContent()).toContain(
      "Validators1",
    );
  });
});
