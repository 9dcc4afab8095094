import { type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../../devnet/addresses.ts";
import { callData } from "../../src/core/contract-call.ts";
import { buildIncreaseStake } from "../../src/families/delegation-pool/build-increase-stake.ts";
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

/** Moves the eSpace devnet's clock past the pool's lock period. */
async function passLockPeriod() {
  const chain = stack.devnet.conflux.client;
  const latest = await chain.getBlock();
  await chain.setNextBlockTimestamp({ timestamp: latest.timestamp + 601n });
  await chain.mine({ blocks: 1 });
}

describe("Conflux eSpace staking on the devnet pool", () => {
  it("stakes, unstakes after the lock, withdraws after the unlock and claims interest, all from the browser", async () => {
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/conflux/espace/staking");
    await page.getByRole("heading", { name: "Stake CFX on Conflux eSpace" }).waitFor();
    const terms = page.getByRole("region", { name: "The pool" });
    await expect.poll(() => terms.textContent()).toContain("Devnet PoS Pool");
    expect(await terms.textContent()).toContain("1000 CFX");
    // The facts come from the pool the form uses: its vote size and lock period, in words.
    expect(await terms.textContent()).toContain("Lock period10 min");
    const facts = page.getByRole("region", { name: "Staking facts" }).getByRole("listitem");
    await expect
      .poll(() => facts.allTextContents())
      .toEqual(["Minimum stake: 1000 CFX", "Lock period: 10 min", "Rewards paid once a day"]);

    await connectDevnetWallet(page);
    const account = stack.devnet.conflux.accounts[0] as Address;
    // The Devnet Wallet starts on the Ethereum devnet: the page offers the switch, and nothing can be sent before.
    await page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).click();
    await page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).waitFor({ state: "detached" });

    const amount = page.getByRole("textbox", { name: "Amount to stake (CFX)" });
    await amount.fill("1500");
    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await page.getByText("Enter 1000 CFX plus a multiple of 1000 CFX.").waitFor();
    await amount.fill("2000");
    expect(await page.getByText("2 votes.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Stake", exact: true }).click();

    const review = page.getByRole("heading", { name: "Review before you sign" });
    await review.waitFor();
    const reviewText = await page.locator(".tx-review").textContent();
    expect(reviewText).toContain("2000 CFX");
    expect(reviewText).toContain("Conflux eSpace Devnet");

    // Declining in the wallet sends nothing and says so.
    await rejectWalletRequests(page, true);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await expect
      .poll(() => page.getByRole("alert").allTextContents())
      .toContain("You declined the transaction in your wallet. Nothing was sent.");
    expect((await readPoolPosition(stack.devnet.conflux.client as never, delegationPoolAddress, account)).votes).toBe(
      0n,
    );
    await rejectWalletRequests(page, false);
    await page.getByRole("button", { name: "Back" }).click();

    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await review.waitFor();
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    let position = await readPoolPosition(stack.devnet.conflux.client as never, delegationPoolAddress, account);
    expect(position).toMatchObject({ votes: 2n, available: 2n, locked: 0n });
    await page.getByRole("button", { name: "Done" }).click();
    const yours = page.getByRole("region", { name: "Your position" });
    await expect.poll(() => yours.textContent()).toMatch(/2000 CFX \(2 votes\): locked in 00:\d\d:\d\d/);

    await passLockPeriod();
    await page.reload();
    await expect
      .poll(() => yours.textContent(), { timeout: 20_000 })
      .toContain("Locked (can be unstaked)2000 CFX (2 votes)");
    // Votes that are not a positive whole number are refused under the field, never a SyntaxError.
    const votesField = page.getByRole("textbox", { name: "Votes to unstake" });
    const refusals: [string, string][] = [
      ["abc", "Enter the votes in digits only, such as 1 or 12."],
      ["1.5", "Votes are whole: enter a number without decimals, such as 1 or 2."],
      ["-1", "Enter at least 1 vote."],
      ["", "Enter how many votes to unstake, such as 1."],
      ["3", "You have 2 locked votes to unstake."],
    ];
    for (const [typed, message] of refusals) {
      await votesField.fill(typed);
      await page.getByRole("button", { name: "Unstake", exact: true }).click();
      await page.getByText(message, { exact: true }).waitFor();
      expect(await votesField.getAttribute("aria-invalid")).toBe("true");
      expect(await review.count()).toBe(0);
    }
    await page.getByRole("textbox", { name: "Votes to unstake" }).fill("1");
    await page.getByRole("button", { name: "Unstake", exact: true }).click();
    await review.waitFor();
    // What unstaking gets the user, first (not "Amount 0 CFX"), then what is sent, the fee and the total.
    expect(await page.locator(".tx-review").textContent()).toMatch(
      /^You receive1000 CFXBack in your wallet once the votes have unlocked and you withdraw them\.You send0 CFXNetwork feeup to 0\.\d{1,8} CFXTotal leaving your walletup to 0\.\d{1,8} CFX/,
    );
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => yours.textContent()).toMatch(/1000 CFX \(1 vote\): withdrawable in 00:\d\d:\d\d/);

    await passLockPeriod();
    await page.reload();
    const withdraw = page.getByRole("button", { name: "Withdraw 1000 CFX" });
    await withdraw.waitFor({ timeout: 20_000 });
    const before = await stack.devnet.conflux.client.getBalance({ address: account });
    await withdraw.click();
    await review.waitFor();
    expect(await page.locator(".tx-review").textContent()).toMatch(/^You receive1000 CFXYou send0 CFX/);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const after = await stack.devnet.conflux.client.getBalance({ address: account });
    expect(after - before).toBeGreaterThan(parseEther("999.9"));
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
    position = await readPoolPosition(stack.devnet.conflux.client as never, delegationPoolAddress, account);
    expect(position.claimedInterestWei).toBeGreaterThan(0n);
    expect(position).toMatchObject({ votes: 1n, available: 1n, unlocked: 0n });

    // The header's "My stakes" finds the stake from the server and leads to its dashboard.
    const myStakes = page.getByRole("button", { name: "My stakes" });
    await myStakes.click();
    expect(await myStakes.getAttribute("aria-expanded")).toBe("true");
    const found = page.getByRole("region", { name: /^Your stakes for 0x/ }).getByRole("link");
    await expect.poll(() => found.allTextContents()).toEqual(["Conflux eSpace: 1 vote"]);
    await found.first().click();
    await page.waitForURL("**/conflux/espace/dashboard");
    await page.getByRole("heading", { name: "Conflux eSpace dashboard" }).waitFor();
    expect(await myStakes.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Conflux eSpace stake form", () => {
  it("refuses an amount above the balance before the wallet, and Max keeps the network fee", async () => {
    // Dev account 5 holds 2000 CFX and 1 wei: two votes, but not their fee.
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
        /^That leaves too little for the network fee: keep about 0\.\d+ CFX of your 2000\.000000000000000001 CFX, so stake at most 1000 CFX\.$/,
      )
      .waitFor();

    // Max: the whole votes left once the fee is kept back, and the hint says how much is kept, as a fee reads:
    // 4 significant digits, at most 8 decimals (not the wei's 18).
    await page.getByRole("button", { name: /^Max/ }).click();
    await expect.poll(() => amount.inputValue()).toBe("1000");
    expect(await page.locator(".pool-actions").textContent()).toMatch(
      /1 vote\. Max keeps about 0\.(?=\d{1,8} )0*[1-9]\d{0,3} CFX for the network fee\./,
    );
    expect(await review.count()).toBe(0);
    expect(sent).toEqual([]);
    await stake.click();
    await review.waitFor();
    expect(await page.locator(".tx-review").textContent()).toContain("1000 CFX");
    expect(sent).toEqual([]);
    await context.close();
  });
});

describe("Conflux eSpace dashboard", () => {
  it("shows the pool's performance and status, and any address's position without a wallet", async () => {
    // A position made directly on chain: dev account 4 stakes 3 votes.
    const chain = stack.devnet.conflux.client;
    const staker = stack.devnet.conflux.accounts[4] as Address;
    const call = buildIncreaseStake(delegationPoolAddress, 3n, parseEther("1000"));
    await chain.waitForTransactionReceipt({
      hash: await chain.sendTransaction({
        account: staker,
        chain: chain.chain,
        to: call.to,
        data: callData(call),
        value: call.value,
      }),
    });

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
    await expect.poll(() => position.textContent()).toContain("Staked3000 CFX (3 votes)");
  });
});
