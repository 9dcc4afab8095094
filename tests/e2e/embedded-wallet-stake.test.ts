import { type Address, createTestClient, type Hex, http, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { credentialsOf, depositsTo, ethOf } from "./support/deposit-events.ts";
import { codeFromInbox, secureFrame, startEmailLogin } from "./support/embedded-wallet-login.ts";
import { enterDetails } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

/** Issue 19 item 6: someone without a browser wallet stakes ETH with the e-mail wallet, approving in the frame. */
const app = setUpAppUnderTest();
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ embeddedWallet: { secureAppDir: inject("secureDir"), allowedOrigins: [app.url] } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("staking with the e-mail wallet", () => {
  it("stakes 32 ETH: deposit data verified, approved in the frame, a DepositEvent with the wallet's credentials", async () => {
    const embedded = stack.embeddedWallet;
    if (!embedded) throw new Error("the stack started without the embedded wallet");
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/ethereum");
    await page.getByRole("heading", { name: "Stake Ethereum", exact: true }).waitFor();
    const email = "staker@example.com";
    await startEmailLogin(page, email);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").fill(await codeFromInbox(embedded.mail.inboxUrl, email), { timeout: 30_000 });
    await dialog.getByRole("button", { name: "Verify" }).click();
    const frame = secureFrame(page, embedded.secureOrigin);
    await frame.getByRole("button", { name: "I have kept it" }).click({ timeout: 30_000 });
    await page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ }).waitFor({ timeout: 30_000 });
    const owner = (await frame.evaluate(async () => {
      const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
      const response = await fetch("/embedded-wallet/session", { headers: { authorization: `Bearer ${session}` } });
      return ((await response.json()) as { user: { address: string } }).user.address;
    })) as Address;
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
    expect(await approval.getByText("32000000000000000000 wei").count()).toBe(1);
    await approval.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("heading", { name: "Deposit Confirmed!" }).waitFor({ timeout: 30_000 });
    const deposits = await depositsTo(stack, credentialsOf("0x01", owner));
    expect(deposits.map((event) => ethOf(event.args.amount as Hex))).toEqual([32]);
  }, 120_000);
});
