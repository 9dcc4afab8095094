import { type Address, formatEther, type Hex, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rewardsClaimAbi } from "../../contracts/generated/index.ts";
import { rewardsClaimAddress } from "../../devnet/addresses.ts";
import { DEVNET_KEYMANAGER_TOKEN } from "../../devnet/validator-client/start-validator-client.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { advanceEthereumClock, indexedValidators } from "./support/beacon-validators.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const claimableOf = (owner: Address) =>
  stack.devnet.ethereum.client.readContract({
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "claimable",
    args: [owner],
  });

describe("provider operations, end to end", () => {
  it("turns a stake made in the UI into an imported, active, proposing validator whose execution rewards the owner claims", async () => {
    const owner = stack.devnet.ethereum.accounts[6] as Address;
    expect(await claimableOf(owner)).toBe(0n); // the devnet credits no one by hand
    const { page } = await openStakePage(app, stack, owner);
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });

    // The indexer sees the deposit and the handoff imports the key into the validator client stand-in.
    const [validator] = await indexedValidators(stack, owner);
    expect(validator).toBeDefined();
    const keystores = await fetch(`${stack.devnet.validatorClient.url}/eth/v1/keystores`, {
      headers: { authorization: `Bearer ${DEVNET_KEYMANAGER_TOKEN}` },
    });
    const { data } = (await keystores.json()) as { data: { validating_pubkey: string }[] };
    expect(data.map((key) => key.validating_pubkey)).toContain(`0x${validator?.pubkey.replace(/^0x/, "")}`);
    const fee = await fetch(
      `${stack.devnet.validatorClient.url}/eth/v1/validator/0x${validator?.pubkey.replace(/^0x/, "")}/feerecipient`,
      { headers: { authorization: `Bearer ${DEVNET_KEYMANAGER_TOKEN}` } },
    );
    expect(((await fee.json()) as { data: { ethaddress: string } }).data.ethaddress).toBe(rewardsClaimAddress);

    // Active after ~20 s of the chain's clock; then blocks are proposed, finalized and distributed.
    await advanceEthereumClock(stack, 60);
    await vi.waitFor(
      async () => {
        const [now] = await indexedValidators(stack, owner);
        if (now?.status !== "active_ongoing") throw new Error(`status ${now?.status}`);
      },
      { timeout: 30_000, interval: 250 },
    );
    await vi.waitFor(
      async () => {
        await advanceEthereumClock(stack, 12); // three epochs: the last proposal becomes final
        await stack.indexNow();
        if ((await claimableOf(owner)) === 0n) throw new Error("no execution rewards allocated yet");
      },
      { timeout: 60_000, interval: 250 },
    );
    const claimable = await claimableOf(owner);
    // At least one block's 0.01 ETH transfer, less the 10 % commission.
    expect(claimable).toBeGreaterThanOrEqual((10_000_000_000_000_000n * 90n) / 100n);

    const summary = (await (
      await fetch(`${stack.apiUrl}/rewards/summary?owner=${owner}&network=ethereum&environment=devnet`)
    ).json()) as { executionRewardsWei: string };
    expect(BigInt(summary.executionRewardsWei)).toBeGreaterThan(0n);

    // Allocations keep arriving as the validator proposes, so the figures are read back, not fixed in advance.
    await page.goto("/ethereum/claim");
    const region = page.getByRole("region", { name: "Rewards to claim" });
    await expect.poll(() => region.textContent()).toMatch(/Available to claim\d+\.\d+ ETH/);
    const before = await stack.devnet.ethereum.client.getBalance({ address: owner });
    await page.getByRole("button", { name: /^Claim \d+\.\d+ ETH$/ }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const hash = (await page.locator(".ui-tx-chip .ui-address-chip__text").getAttribute("title")) as Hex;
    const receipt = await stack.devnet.ethereum.client.getTransactionReceipt({ hash });
    const [claimed] = parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Claimed" });
    expect(claimed?.args.owner).toBe(owner);
    expect(claimed?.args.amount).toBeGreaterThanOrEqual(claimable);
    const after = await stack.devnet.ethereum.client.getBalance({ address: owner });
    expect(after - before).toBe((claimed?.args.amount ?? 0n) - receipt.gasUsed * receipt.effectiveGasPrice);
    // The claimed figure, rounded for reading (4 significant digits) with every digit on hover.
    const claimedFigure = region.locator(".ui-stat", { hasText: "Claimed so far" }).locator(".ui-coin-amount");
    await expect.poll(() => claimedFigure.getAttribute("title")).toBe(`${formatEther(claimed?.args.amount ?? 0n)} ETH`);
    expect(await claimedFigure.textContent()).toMatch(/^0\.0\d{1,5} ETH$/);
  });
});
