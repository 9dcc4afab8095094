import { type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../../devnet/addresses.ts";
import { callData } from "../../src/core/contract-call.ts";
import { buildStake } from "../../src/families/delegation-pool/build-stake.ts";
import { readPoolPosition } from "../../src/families/delegation-pool/read-pool-state.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { connectDevnetWallet, rejectWalletRequests, selectWalletAccount } from "./support/devnet-wallet.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * Stakes `amount` CFX from dev account `index` directly on chain (not through the app), simulated first. With a
 * gas limit above the estimate, as the app's send path adds: the pool's accrual costs more in a later second.
 */
async function stakeOnChain(index: number, amount: string) {
  const chain = stack.devnet.conflux.client;
  const call = buildStake(delegationPoolAddress, parseEther(amount), parseEther("0.001"));
  const account = stack.devnet.conflux.accounts[index] as Address;
  await chain.call({ account, to: call.to, data: callData(call), value: call.value });
  const hash = await chain.sendTransaction({
    account,
    chain: chain.chain,
    to: call.to,
    data: callData(call),
    value: call.value,
    gas: 300_000n,
  });
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** Moves the eSpace devnet's clock past the pool's lock period. */
async function passLockPeriod() {
  const chain = stack.devnet.conflux.client;
  const latest = await chain.getBlock();
  await chain.setNextBlockTimestamp({ timestamp: latest.timestamp + 601n });
  await chain.mine({ blocks: 1 });
}

describe("Conflux eSpace staking on the devnet pool", () => {
  it("stakes 1 CFX, unstakes 0.4 CFX after the lock, withdraws it after the unlock and claims interest, all from the browser", async () => {
    // Another staker has 999 CFX in the pool: no whole vote of 1000 CFX yet, so nothing earns.
    await stakeOnChain(6, "999");
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/conflux/espace/staking");
    await page.getByRole("heading", { name: "Stake CFX on Conflux eSpace" }).waitFor();
    const terms = page.getByRole("region", { name: "The pool" });
    await expect.poll(() => terms.textContent()).toContain("Devnet PoS Pool");
    expect(await terms.textContent()).toContain("One vote1000 CFX");
    expect(await terms.textContent()).toContain("Staked in the pool999 CFX");
    expect(await terms.textContent()).toContain("Whole votes the pool stakes0 votes (0 CFX)");
    expect(await terms.textContent()).toContain("Earning now, per staked coin0.00%");
    expect(await terms.textContent()).toContain("Only the pool's whole votes of 1000 CFX earn (10.00% a year)");
    // The facts come from the pool the form uses: its dust floor and lock period, in words.
    expect(await terms.textContent()).toContain("Lock period10 min");
    const facts = page.getByRole("region", { name: "Staking facts" }).getByRole("listitem");
    await expect
      .poll(() => facts.allTextContents())
      .toEqual(["Minimum stake: 0.001 CFX", "Lock period: 10 min", "Rewards paid once a day"]);

    await connectDevnetWallet(page);
    const account = stack.devnet.conflux.accounts[0] as Address;
    // The Devnet Wallet starts on the Ethereum devnet: the page offers the switch, and nothing can be sent before.
    await page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).click();
    await page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).waitFor({ state: "detached" });

    const amount = page.getByRole("textbox", { name: "Amount to stake (CFX)" });
    await amount.fill("0.0009");
    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await page.getByText("The minimum is 0.001 CFX.", { exact: true }).waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    await amount.fill("1");
    expect(await page.locator(".pool-actions").textContent()).toContain(
      "Any amount from 0.001 CFX: the pool gathers stakes into whole votes of 1000 CFX.",
    );
    await page.getByRole("button", { name: "Stake", exact: true }).click();

    const review = page.getByRole("heading", { name: "Review before you sign" });
    await review.waitFor();
    const reviewText = await page.locator(".tx-review").textContent();
    expect(reviewText).toMatch(/You send1 CFXNetwork fee/);
    expect(reviewText).toContain("Conflux eSpace Devnet");

    // Declining in the wallet sends nothing and says so.
    await rejectWalletRequests(page, true);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await expect
      .poll(() => page.getByRole("alert").allTextContents())
      .toContain("You declined the transaction in your wallet. Nothing was sent.");
    const read = () => readPoolPosition(stack.devnet.conflux.client as never, delegationPoolAddress, account);
    expect((await read()).totalWei).toBe(0n);
    await rejectWalletRequests(page, false);
    await page.getByRole("button", { name: "Back" }).click();

    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await review.waitFor();
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    let position = await read();
    expect(position).toMatchObject({ totalWei: parseEther("1"), availableWei: parseEther("1"), lockedWei: 0n });
    await page.getByRole("button", { name: "Done" }).click();
    const yours = page.getByRole("region", { name: "Your position" });
    await expect.poll(() => yours.textContent()).toMatch(/1 CFX: locked in 00:\d\d:\d\d/);
    // 999 + 1 CFX: the pool now stakes one whole vote, and every staked CFX earns the full rate.
    await expect.poll(() => terms.textContent()).toContain("Whole votes the pool stakes1 vote (1000 CFX)");
    expect(await terms.textContent()).toContain("Earning now, per staked coin10.00%");

    await passLockPeriod();
    await page.reload();
    await expect.poll(() => yours.textContent(), { timeout: 20_000 }).toContain("Locked (can be unstaked)1 CFX");
    // An amount that is not a plain positive amount up to the locked stake is refused under the field.
    const unstakeField = page.getByRole("textbox", { name: "Amount to unstake (CFX)" });
    const refusals: [string, string][] = [
      ["abc", "Enter a plain number such as 25 or 0.5, without signs, spaces or exponents."],
      ["", "Enter an amount."],
      ["0", "Enter an amount greater than zero."],
      ["1.5", "You have 1 CFX locked to unstake."],
    ];
    for (const [typed, message] of refusals) {
      await unstakeField.fill(typed);
      await page.getByRole("button", { name: "Unstake", exact: true }).click();
      await page.getByText(message, { exact: true }).waitFor();
      expect(await unstakeField.getAttribute("aria-invalid")).toBe("true");
      expect(await review.count()).toBe(0);
    }
    await unstakeField.fill("0.4");
    await page.getByRole("button", { name: "Unstake", exact: true }).click();
    await review.waitFor();
    // What unstaking gets the user, first (not "Amount 0 CFX"), then what is sent, the fee and the total.
    expect(await page.locator(".tx-review").textContent()).toMatch(
      /^You receive0\.4 CFXBack in your wallet once it has unlocked and you withdraw it\.You send0 CFXNetwork feeup to 0\.\d{1,8} CFXTotal leaving your walletup to 0\.\d{1,8} CFX/,
    );
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => yours.textContent()).toMatch(/0\.4 CFX: withdrawable in 00:\d\d:\d\d/);
    expect(await yours.textContent()).toContain("Staked0.6 CFX");
    expect(await read()).toMatchObject({ totalWei: parseEther("1"), availableWei: parseEther("0.6") });

    await passLockPeriod();
    await page.reload();
    const withdraw = page.getByRole("button", { name: "Withdraw 0.4 CFX" });
    await withdraw.waitFor({ timeout: 20_000 });
    const before = await stack.devnet.conflux.client.getBalance({ address: account });
    await withdraw.click();
    await review.waitFor();
    expect(await page.locator(".tx-review").textContent()).toMatch(/^You receive0\.4 CFXYou send0 CFX/);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const after = await stack.devnet.conflux.client.getBalance({ address: account });
    expect(after - before).toBeGreaterThan(parseEther("0.399"));
    expect(after - before).toBeLessThan(parseEther("0.4"));
    await page.getByRole("button", { name: "Done" }).click();

    const claim = page.getByRole("button", { name: /^Claim .* CFX interest$/ });
    await claim.click();
    await review.waitFor();
    // The interest the review says the claim pays is the button's figure (one read, when the review opened).
    const receive = page.locator('.tx-review [data-field="receive"]');
    expect(await receive.textContent()).toMatch(/^\d+(\.\d+)? CFX$/);
    expect(await receive.textContent()).not.toBe("0 CFX");
    await expect
      .poll(async () => {
        const [received, button] = await Promise.all([receive.textContent(), claim.textContent()]);
        return button === `Claim ${received} interest`;
      })
      .toBe(true);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    position = await read();
    expect(position.claimedInterestWei).toBeGreaterThan(0n);
    expect(position).toMatchObject({
      totalWei: parseEther("0.6"),
      availableWei: parseEther("0.6"),
      unlockedWei: 0n,
    });

    // The header's "My stakes" finds the stake from the server, in CFX, and leads to its dashboard.
    const myStakes = page.getByRole("button", { name: "My stakes" });
    await myStakes.click();
    expect(await myStakes.getAttribute("aria-expanded")).toBe("true");
    const found = page.getByRole("region", { name: /^Your stakes for 0x/ }).getByRole("link");
    await expect.poll(() => found.allTextContents()).toEqual(["Conflux eSpace: 0.6 CFX"]);
    await found.first().click();
    await page.waitForURL("**/conflux/espace/dashboard");
    await page.getByRole("heading", { name: "Conflux eSpace dashboard" }).waitFor();
    expect(await myStakes.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Conflux eSpace stake form", () => {
  it("refuses an amount above the balance before the wallet, and Max keeps the network fee", async () => {
    // Dev account 5 holds 2000 CFX and 1 wei: not enough to stake it all and pay the fee.
    const chain = stack.devnet.conflux.client;
    const staker = stack.devnet.conflux.accounts[5] as Address;
    await chain.setBalance({ address: staker, value: parseEther("2000") + 1n });
    const context = await app.newContext();
    await stack.forward(context);
    const sent: string[] = [];
    context.on("request", (request) => {
      const body = request.postData();
      if (body?.includes('"eth_sendTransaction"')) sent.push(body);
    });
    const page = await context.newPage();
    await page.goto("/conflux/espace/staking");
    await page.getByRole("heading", { name: "Stake CFX on Conflux eSpace" }).waitFor();
    await connectDevnetWallet(page);
    await page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).click();
    await selectWalletAccount(page, staker);
    const amount = page.getByRole("textbox", { name: "Amount to stake (CFX)" });
    await amount.waitFor();
    const stake = page.getByRole("button", { name: "Stake", exact: true });
    const review = page.getByRole("heading", { name: "Review before you sign" });

    await amount.fill("3000");
    await stake.click();
    await page.getByText("That is more than your balance of 2000.000000000000000001 CFX.", { exact: true }).waitFor();
    expect(await amount.getAttribute("aria-invalid")).toBe("true");

    await amount.fill("2000");
    await stake.click();
    await page
      .getByText(
        /^That leaves too little for the network fee: keep about 0\.\d+ CFX of your 2000\.000000000000000001 CFX, so stake at most 1999\.9\d+ CFX\.$/,
      )
      .waitFor();

    // Max: the balance less the fee, to the wei (no whole votes needed), and the hint says how much is kept, as
    // a fee reads: 4 significant digits, at most 8 decimals (not the wei's 18).
    await page.getByRole("button", { name: /^Max/ }).click();
    await expect.poll(() => amount.inputValue()).toMatch(/^1999\.9\d+$/);
    const most = await amount.inputValue();
    expect(await page.locator(".pool-actions").textContent()).toMatch(
      /votes of 1000 CFX\. Max keeps about 0\.(?=\d{1,8} )0*[1-9]\d{0,3} CFX for the network fee\./,
    );
    expect(await review.count()).toBe(0);
    expect(sent).toEqual([]);
    await stake.click();
    await review.waitFor();
    // The review shows what is sent rounded up to 4 decimals, and the exact amount Max filled on hover.
    expect(await page.locator(".tx-review").textContent()).toMatch(/You send1,?999\.9\d{0,3} CFX/);
    const exact = await page.locator(".tx-review [title]").first().getAttribute("title");
    expect(exact?.replace(",", "")).toBe(`${most} CFX`);
    expect(sent).toEqual([]);
    await context.close();
  });
});

describe("Conflux eSpace dashboard", () => {
  it("shows the pool's performance and status, and any address's position without a wallet", async () => {
    // A position made directly on chain: dev account 4 stakes 2500.5 CFX.
    const staker = stack.devnet.conflux.accounts[4] as Address;
    await stakeOnChain(4, "2500.5");

    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/conflux/espace/dashboard");
    await page.getByRole("heading", { name: "Conflux eSpace dashboard" }).waitFor();
    const performance = page.getByRole("region", { name: "CFX staking performance" });
    await expect.poll(() => performance.textContent()).toContain("Annual rate10.00%");
    const status = page.getByRole("region", { name: "Pool status" });
    expect(await status.textContent()).toContain("Active: accepting stakes");
    expect(await status.textContent()).toContain(delegationPoolAddress);
    // The one duration format: the pool page's terms and this status say the lock period alike.
    expect(await status.textContent()).toContain("Lock period10 min");

    const address = page.getByRole("textbox", { name: "Address to view" });
    await address.fill("0x1234");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("Enter an address of 0x and 40 hexadecimal characters.").waitFor();
    expect(await address.getAttribute("aria-invalid")).toBe("true");
    await address.fill(staker);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`**/conflux/espace/dashboard?address=${staker}`);
    const position = page.getByRole("region", { name: "Position" });
    await expect.poll(() => position.textContent()).toContain("Staked2500.5 CFX");
  });
});
