import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import { codeFromInbox, loginWithEmailWallet } from "./support/embedded-wallet-login.ts";
import { captureFrameDialog } from "./support/frame-screenshots.ts";

/** How many e-mails the devnet inbox holds. */
const mailCount = async (inboxUrl: string) =>
  ((await (await fetch(`${inboxUrl}/messages`)).json()) as unknown[]).length;

/** UpdateEmailWallet (modal-kit.md section 4) with the real server's primary and secondary codes. */
const app = setUpAppUnderTest();
let stack: EmailWalletStack;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("changing the e-mail wallet's address", () => {
  it("confirms with a code to the current address, then one to the new address, and closes once it changed", async () => {
    const embedded = stack.embeddedWallet;
    // CSP bypassed only so axe can be injected into the secure frame's dialog.
    const context = await app.newContext({ bypassCSP: true });
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/");
    const [current, next] = ["ed@example.com", "ed.new@example.com"];
    const { frame, button } = await loginWithEmailWallet(page, embedded, current);
    const dialog = page.getByRole("dialog");
    const loginCode = await codeFromInbox(embedded.mail.inboxUrl, current);

    await button.click();
    await dialog.getByRole("button", { name: "Change e-mail" }).click();
    await dialog.getByRole("heading", { name: "Change e-mail" }).waitFor();
    await dialog.getByLabel("New e-mail").fill("not an address");
    await dialog.getByRole("button", { name: "Continue" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe(
      "Enter a valid e-mail address, such as name@example.com",
    );
    await dialog.getByLabel("New e-mail").fill(next);
    await dialog.getByRole("button", { name: "Continue" }).click();
    // The frame asks first, naming both addresses; cancelled there, nothing is sent.
    const mailsBefore = await mailCount(embedded.mail.inboxUrl);
    const confirm = frame.getByRole("dialog", { name: "Change your wallet's e-mail?" });
    await confirm.waitFor({ timeout: 30_000 });
    expect(await confirm.locator("dt").allTextContents()).toEqual(["Current e-mail", "New e-mail"]);
    expect(await confirm.locator("dd").allTextContents()).toEqual([current, next]);
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, embedded.secureOrigin, "email-change-confirm");
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("The e-mail change was cancelled in the wallet window; nothing was sent");
    expect(await mailCount(embedded.mail.inboxUrl)).toBe(mailsBefore);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await confirm.getByRole("button", { name: "Change e-mail" }).click({ timeout: 30_000 });
    await dialog.getByText("Enter the 6-digit code sent to your current e-mail address.").waitFor({ timeout: 15_000 });
    await expect.poll(() => codeFromInbox(embedded.mail.inboxUrl, current)).not.toBe(loginCode);
    await dialog.getByLabel("Code").fill(await codeFromInbox(embedded.mail.inboxUrl, current));
    await dialog.getByRole("button", { name: "Verify" }).click();
    await dialog.getByText("Enter the 6-digit code sent to the new address.").waitFor({ timeout: 15_000 });
    await dialog.getByLabel("Code").fill(await codeFromInbox(embedded.mail.inboxUrl, next));
    await dialog.getByRole("button", { name: "Verify" }).click();
    // The e-mail changed: the modal closes by itself.
    await dialog.waitFor({ state: "detached", timeout: 15_000 });
    const email = await frame.evaluate(async () => {
      const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
      const response = await fetch("/embedded-wallet/session", { headers: { authorization: `Bearer ${session}` } });
      return ((await response.json()) as { user: { email: string } }).user.email;
    });
    expect(email).toBe(next);
  }, 120_000);
});
