import { createPublicClient, createTestClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineShares, decodeShare, encodeShare, SECP256K1_ORDER } from "../../src/secure-frame/keys/shamir.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import {
  approvalLinkFromInbox,
  approveFromInbox,
  codeFromInbox,
  loginWithEmailWallet,
  secureFrame,
  startEmailLogin,
} from "./support/embedded-wallet-login.ts";
import { captureFrameDialog } from "./support/frame-screenshots.ts";

/**
 * The e-mail wallet end to end in Chromium: the real server with its secure origin and the devnet's SMTP
 * server and inbox, the frame built as `npm run build` makes it, the devnet chain.
 */
const app = setUpAppUnderTest();
let stack: EmailWalletStack;
let secureOrigin: string;
let inboxUrl: string;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
  secureOrigin = stack.embeddedWallet.secureOrigin;
  inboxUrl = stack.embeddedWallet.mail.inboxUrl;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** A page of the app whose every received window message is recorded (capture phase, before the kit's). */
async function openRecordedApp() {
  // CSP bypassed only so axe can be injected into the secure frame's dialogs.
  const context = await app.newContext({ bypassCSP: true });
  await stack.forward(context);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    window.addEventListener("message", (event) => seen.push(`${event.origin} ${JSON.stringify(event.data)}`), true);
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  return page;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const hexOf = (share: string) => share.slice(2);

describe("embedded e-mail wallet", () => {
  it("logs in with the code from the devnet inbox, connects, and the host page never holds key material", async () => {
    const page = await openRecordedApp();
    const email = "ana@example.com";
    await startEmailLogin(page, email);
    await approveFromInbox(page, inboxUrl, email);
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Enter the 6-digit code sent to ${email}.`).waitFor({ timeout: 30_000 });
    await dialog.getByLabel("Code").fill(await codeFromInbox(inboxUrl, email));
    const entered = Date.now();
    await dialog.getByRole("button", { name: "Verify" }).click();
    // A new wallet: the frame shows the recovery share once, over the page.
    const frame = secureFrame(page, secureOrigin);
    const recoveryField = frame.getByLabel("Recovery share", { exact: true });
    await recoveryField.waitFor({ timeout: 30_000 });
    const shown = Date.now();
    const recovery = await recoveryField.inputValue();
    expect(recovery).toMatch(/^3-[0-9a-f]{64}$/);
    expect(await seriousViolations(frame)).toEqual([]);
    const kept = Date.now();
    await frame.getByRole("button", { name: "I have kept it" }).click();
    const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await button.waitFor({ timeout: 30_000 });
    const connectMs = shown - entered + (Date.now() - kept);
    console.info(`embedded wallet: code entered → connected in ${connectMs} ms (recovery dialog time excluded)`);

    // What the frame and the server hold, read with the test's privileges on the secure origin.
    const { token, serverShare, address } = await frame.evaluate(async () => {
      const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
      const response = await fetch("/embedded-wallet/wallet/share", {
        headers: { authorization: `Bearer ${session}` },
      });
      const body = (await response.json()) as { serverShare: string; address: string };
      return { token: session, ...body };
    });
    const key = combineShares(serverShare, recovery);
    const wallet = privateKeyToAccount(key).address;
    expect(wallet).toBe(address);
    expect(await button.textContent()).toBe(short(wallet));
    // Share 1 from shares 2 and 3 (the line through them at x = 1): the device share the frame keeps.
    const two = decodeShare(serverShare).value;
    const three = decodeShare(recovery).value;
    const device = encodeShare(1, (((2n * two - three) % SECP256K1_ORDER) + SECP256K1_ORDER) % SECP256K1_ORDER);
    expect(combineShares(device, serverShare)).toBe(key);

    // Everything the host page received or keeps: every window message, its storage, its DOM.
    const hostView = await page.evaluate(async () => ({
      messages: (window as unknown as { __messages: string[] }).__messages,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
      html: document.documentElement.outerHTML,
      databases: (await indexedDB.databases()).map((database) => database.name),
      frameStorage: (() => {
        try {
          return String(
            document.querySelector<HTMLIFrameElement>('iframe[title="Embedded wallet"]')?.contentWindow?.localStorage,
          );
        } catch (error) {
          return (error as Error).name;
        }
      })(),
    }));
    expect(hostView.messages.length).toBeGreaterThan(0);
    const everything = JSON.stringify(hostView).toLowerCase();
    for (const secret of [key.slice(2), hexOf(device), hexOf(serverShare), hexOf(recovery), token])
      expect(everything).not.toContain(secret.toLowerCase());
    // The page cannot reach into the frame's storage, and has no wallet database of its own.
    expect(hostView.frameStorage).toBe("SecurityError");
    expect(hostView.databases).not.toContain("embedded-wallet");
    // Replies came only from the secure origin.
    for (const message of hostView.messages.filter((entry) => entry.includes("@w3m-frame/")))
      expect(message.startsWith(`${secureOrigin} `)).toBe(true);

    // A reload reconnects through the frame's session (is-connected check), without a new code.
    await page.reload();
    await button.waitFor({ timeout: 30_000 });
    expect(await button.textContent()).toBe(short(wallet));
    // Sign-out clears the kit's cached login, e-mail and last chain.
    const cached = () =>
      page.evaluate(() => Object.keys(localStorage).filter((name) => name.startsWith("@modal-kit/embedded-wallet/")));
    expect((await cached()).sort()).toEqual([
      "@modal-kit/embedded-wallet/connected",
      "@modal-kit/embedded-wallet/email",
      "@modal-kit/embedded-wallet/last-chain",
    ]);
    await button.click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).waitFor({ timeout: 30_000 });
    expect(await cached()).toEqual([]);
    const reloadedFrame = secureFrame(page, secureOrigin);
    expect(await reloadedFrame.evaluate(() => sessionStorage.getItem("embedded-wallet.session"))).toBeNull();
  }, 120_000);

  it("shows 'Please try again after N seconds' for a second login e-mail within 30 s", async () => {
    const page = await openRecordedApp();
    const email = "bo@example.com";
    await startEmailLogin(page, email);
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Check your e-mail ${email} to approve this device`).waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Continue" }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    const seconds = Number(/^Please try again after (\d+) seconds$/.exec((await alert.textContent()) ?? "")?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(20);
    expect(seconds).toBeLessThanOrEqual(30);
  }, 60_000);

  it("answers 4001 when the user declines a transaction in the frame", async () => {
    const page = await openRecordedApp();
    const email = "cy@example.com";
    const { frame, button, address } = await loginWithEmailWallet(page, { secureOrigin, mail: { inboxUrl } }, email);
    const dialog = page.getByRole("dialog");
    await createTestClient({ mode: "anvil", transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).setBalance({
      address,
      value: parseEther("5"),
    });
    await button.click();
    await dialog.getByRole("heading", { name: "Account" }).waitFor();
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await dialog.getByLabel("Amount").fill("1");
    await dialog.getByLabel("Receiver address").fill("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    await dialog.getByLabel("Token", { exact: true }).selectOption("ETH");
    await dialog.getByRole("button", { name: "Review" }).click();
    await dialog.getByRole("button", { name: "Send now" }).click({ timeout: 30_000 });
    // The frame asks, showing what would be sent; the user declines.
    await frame.getByRole("heading", { name: "Send this transaction?" }).waitFor({ timeout: 30_000 });
    expect(await frame.getByText("1 ETH", { exact: true }).count()).toBe(1);
    expect(await seriousViolations(frame)).toEqual([]);
    // The safe choice has the focus, so Enter does not approve by accident.
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe("Decline");
    await frame.getByRole("button", { name: "Decline" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("The request was rejected in the wallet");
    const balance = await createPublicClient({ transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).getBalance({
      address,
    });
    expect(balance).toBe(parseEther("5"));
  }, 120_000);

  it("approves a new device by the e-mailed link, then restores the wallet there from the recovery share", async () => {
    const email = "di@example.com";
    const first = await openRecordedApp();
    await startEmailLogin(first, email);
    await approveFromInbox(first, inboxUrl, email);
    await first
      .getByRole("dialog")
      .getByLabel("Code")
      .fill(await codeFromInbox(inboxUrl, email));
    await first.getByRole("dialog").getByRole("button", { name: "Verify" }).click();
    const firstFrame = secureFrame(first, secureOrigin);
    const recovery = await firstFrame.getByLabel("Recovery share", { exact: true }).inputValue({ timeout: 30_000 });
    await firstFrame.getByRole("button", { name: "I have kept it" }).click();
    const firstButton = first.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await firstButton.waitFor({ timeout: 30_000 });
    const address = await firstButton.textContent();
    // Another browser (a new device) signs in; within 30 s of the first login e-mail it is told to wait, and
    // tries again until the server sends the approval e-mail.
    const second = await openRecordedApp();
    await startEmailLogin(second, email);
    const dialog = second.getByRole("dialog");
    const waiting = dialog.getByText(`Check your e-mail ${email} to approve this device`);
    await expect
      .poll(
        async () => {
          if (await waiting.isVisible()) return true;
          const retry = dialog.getByRole("button", { name: "Try again" });
          if (await retry.isVisible()) await retry.click();
          return false;
        },
        { timeout: 45_000, interval: 3_000 },
      )
      .toBe(true);
    const approval = await second.context().newPage();
    await approval.goto(await approvalLinkFromInbox(inboxUrl, email));
    await approval.getByRole("button", { name: "Approve the new device" }).click();
    // The waiting view goes on by itself once approved: the code e-mail is sent then.
    await dialog.getByLabel("Code").waitFor({ timeout: 30_000 });
    await dialog.getByLabel("Code").fill(await codeFromInbox(inboxUrl, email));
    await dialog.getByRole("button", { name: "Verify" }).click();
    const frame = secureFrame(second, secureOrigin);
    await frame.getByRole("heading", { name: "Restore your wallet on this device" }).waitFor({ timeout: 30_000 });
    // A share of another wallet is refused with the reason, and what was typed stays for correcting.
    const wrong = encodeShare(3, 12345n);
    const field = frame.getByLabel("Recovery share", { exact: true });
    await field.fill(wrong);
    await frame.getByRole("button", { name: "Restore wallet" }).click();
    await expect
      .poll(() => frame.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("This recovery share does not match this wallet");
    expect(await field.inputValue()).toBe(wrong);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(second, secureOrigin, "wallet-recovery-mismatch");
    await field.fill(recovery);
    await frame.getByRole("button", { name: "Restore wallet" }).click();
    // Restored with fresh shares: a new recovery share, and the old one no longer combines with the server's.
    await frame.getByRole("heading", { name: "Keep your new recovery share" }).waitFor();
    const renewed = await frame.getByLabel("Recovery share", { exact: true }).inputValue();
    expect(renewed).not.toBe(recovery);
    await frame.getByRole("button", { name: "I have kept it" }).click();
    const button = second.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await button.waitFor({ timeout: 30_000 });
    expect(await button.textContent()).toBe(address);
    const { serverShare, wallet } = await frame.evaluate(async () => {
      const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
      const response = await fetch("/embedded-wallet/wallet/share", {
        headers: { authorization: `Bearer ${session}` },
      });
      const body = (await response.json()) as { serverShare: string; address: string };
      return { serverShare: body.serverShare, wallet: body.address };
    });
    expect(privateKeyToAccount(combineShares(serverShare, renewed)).address).toBe(wallet);
    expect(privateKeyToAccount(combineShares(serverShare, recovery)).address).not.toBe(wallet);
    // The restore signed the first browser (maybe the lost device) out: its session no longer works.
    const firstSession = await firstFrame.evaluate(async () => {
      const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
      return (await fetch("/embedded-wallet/session", { headers: { authorization: `Bearer ${session}` } })).status;
    });
    expect(firstSession).toBe(401);
  }, 120_000);
});
