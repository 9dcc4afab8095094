import { createTestClient, getAddress, type Hex, http, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../../devnet/addresses.ts";
import { readPoolPosition } from "../../src/families/delegation-pool/read-pool-state.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { credentialsOf, depositsTo, ethOf } from "./support/deposit-events.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import {
  approveFromInbox,
  codeFromInbox,
  loginWithEmailWallet,
  secureFrame,
  sessionAddress,
  startEmailLogin,
} from "./support/embedded-wallet-login.ts";
import { enterDetails } from "./support/eth-stake-page.ts";

/** Issue 19 item 6: someone without a browser wallet stakes ETH with the e-mail wallet, approving in the frame. */
const app = setUpAppUnderTest();
let stack: EmailWalletStack;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("staking with the e-mail wallet", () => {
  it("stakes 32 ETH: deposit data verified, approved in the frame, a DepositEvent with the wallet's credentials", async () => {
    const embedded = stack.embeddedWallet;
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/ethereum");
    await page.getByRole("heading", { name: "Stake Ethereum", exact: true }).waitFor();
    const email = "staker@example.com";
    const { address: owner } = await loginWithEmailWallet(page, embedded, email);
    // A newcomer's wallet is funded from outside (here anvil), as from an exchange.
    await createTestClient({ mode: "anvil", transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).setBalance({
      address: owner,
      value: parseEther("33"),
    });

    // The page reads the new balance after a reload (the wallet reconnects through the frame's session).
    await page.reload();
    await page.getByText("Wallet balance: 33 ETH").waitFor({ timeout: 30_000 });
    await enterDetails(page, "0x01", "32");
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/Deposit data verified in your browser: 1 deposit/).isVisible()).toBe(true);
    expect(await page.locator(".tx-review").textContent()).toContain(owner);
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    const approval = secureFrame(page, embedded.secureOrigin);
    await approval.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    // The approval reads like the app's review: the network, 32 ETH, the staking contract's stake function.
    const rows = await approval.getByRole("dialog").locator("dt, dd").allTextContents();
    expect(rows.slice(0, 2)).toEqual(["Network", "Ethereum Devnet"]);
    // The provider's staking contract, named, and what its stake call is given: one validator whose withdrawal
    // credentials pay the staker's own address (0x01), grouped in full.
    expect(rows[3]).toMatch(/^0x[0-9a-fA-F]{4}( [0-9a-fA-F]{4}){9} \(staking contract\)$/);
    const grouped = `0x${getAddress(owner).slice(2).match(/.{4}/g)?.join(" ")}`;
    expect(rows.slice(4, 14)).toEqual([
      "Amount",
      "32 ETH",
      "Function",
      "stake (0xc72f18c4)",
      "Validators",
      "1",
      "Withdrawal credentials",
      `${grouped} (0x01, withdrawal address)`,
      "Validator keys",
      expect.stringMatching(/^0x[0-9a-f]{96}$/),
    ]);
    await approval.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    const deposits = await depositsTo(stack, credentialsOf("0x01", owner));
    expect(deposits.map((event) => ethOf(event.args.amount as Hex))).toEqual([32]);
  }, 120_000);

  it("stakes 1000 CFX in the Conflux eSpace pool, approved in the frame", async () => {
    const embedded = stack.embeddedWallet;
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/conflux/espace/staking");
    await page.getByRole("heading", { name: "Stake CFX on Conflux eSpace" }).waitFor();
    const email = "espace-staker@example.com";
    await startEmailLogin(page, email);
    await approveFromInbox(page, embedded.mail.inboxUrl, email);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").fill(await codeFromInbox(embedded.mail.inboxUrl, email), { timeout: 30_000 });
    const entered = Date.now();
    await dialog.getByRole("button", { name: "Verify" }).click();
    const frame = secureFrame(page, embedded.secureOrigin);
    const keep = frame.getByRole("button", { name: "I have kept it" });
    await keep.waitFor({ timeout: 30_000 });
    const shown = Date.now();
    await keep.click();
    const kept = Date.now();
    await page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ }).waitFor({ timeout: 30_000 });
    console.info(
      `embedded wallet (eSpace page): code entered → connected in ${shown - entered + (Date.now() - kept)} ms (recovery dialog time excluded)`,
    );
    const owner = await sessionAddress(frame);
    await createTestClient({ mode: "anvil", transport: http(stack.devnet.conflux.anvil.rpcUrl) }).setBalance({
      address: owner,
      value: parseEther("1001"),
    });
    // After a reload the wallet comes back through the frame's session, and that restored connection switches.
    await page.reload();
    await page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ }).waitFor({ timeout: 30_000 });
    // The wallet starts on the Ethereum devnet: the page offers the switch, which the frame makes (no approval).
    const switchButton = page.getByRole("button", { name: "Switch to Conflux eSpace Devnet" });
    await switchButton.click({ timeout: 30_000 });
    await switchButton.waitFor({ state: "detached", timeout: 30_000 });
    await page.getByRole("textbox", { name: "Amount to stake (CFX)" }).fill("1000");
    await page.getByRole("button", { name: "Stake", exact: true }).click();
    await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
    expect(await page.locator(".tx-review").textContent()).toContain("1000 CFX");
    await page.getByRole("button", { name: "Confirm in wallet" }).click();
    const approval = secureFrame(page, embedded.secureOrigin);
    await approval.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    await approval.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
    const position = await readPoolPosition(stack.devnet.conflux.client as never, delegationPoolAddress, owner);
    expect(position).toMatchObject({ totalWei: parseEther("1000"), availableWei: parseEther("1000") });
  }, 120_000);
});
