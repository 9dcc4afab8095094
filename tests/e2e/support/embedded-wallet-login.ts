import type { Frame, Locator, Page } from "playwright-core";
import type { Address } from "viem";

/** The secure frame inside a page (the kit's iframe titled "Embedded wallet"). */
export function secureFrame(page: Page, secureOrigin: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(secureOrigin));
  if (!frame) throw new Error(`no frame of ${secureOrigin} in the page`);
  return frame;
}

interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/** The device-approval link of the newest approval e-mail to `email` in the devnet inbox. */
export async function approvalLinkFromInbox(inboxUrl: string, email: string): Promise<string> {
  const messages = (await (await fetch(`${inboxUrl}/messages`)).json()) as MailMessage[];
  const mail = messages.find((message) => message.to.includes(email) && message.subject.startsWith("Approve"));
  const link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
  if (!link) throw new Error(`no device-approval e-mail to ${email} in the devnet inbox`);
  return link;
}

/**
 * Approves this browser for `email` as its owner would: once the kit says to check the e-mail, opens the
 * e-mailed approval link in a new tab of the same browser and presses "Approve the new device". Every first
 * sign-in of a browser goes through it (whether or not the address has an account).
 */
export async function approveFromInbox(page: Page, inboxUrl: string, email: string): Promise<void> {
  await page
    .getByRole("dialog")
    .getByText(`Check your e-mail ${email} to approve this device`)
    .waitFor({ timeout: 30_000 });
  const approval = await page.context().newPage();
  await approval.goto(await approvalLinkFromInbox(inboxUrl, email));
  await approval.getByRole("button", { name: "Approve the new device" }).click();
  await approval.getByRole("heading", { name: "Device approved" }).waitFor();
  await approval.close();
}

/** The newest 6-digit code the devnet inbox (GET {inbox}/messages, newest first) holds for `email`. */
export async function codeFromInbox(inboxUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const messages = (await (await fetch(`${inboxUrl}/messages`)).json()) as { to: string[]; text: string }[];
    const code = messages
      .filter((message) => message.to.includes(email))
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])[0];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code e-mail to ${email} in the devnet inbox within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens the kit and types `email` into Connect's e-mail field. */
export async function startEmailLogin(page: Page, email: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Connect wallet" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Continue" }).click();
}

/** The address of the wallet the frame's session belongs to (GET /embedded-wallet/session, from the frame). */
export async function sessionAddress(frame: Frame): Promise<Address> {
  return (await frame.evaluate(async () => {
    const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
    const response = await fetch("/embedded-wallet/session", { headers: { authorization: `Bearer ${session}` } });
    return ((await response.json()) as { user: { address: string } }).user.address;
  })) as Address;
}

/**
 * Logs a new e-mail wallet in on `page`: Connect, `email`, the approval link from the devnet inbox, the code,
 * Verify, "I have kept it" in the frame; resolves once the header's account button shows the address.
 */
export async function loginWithEmailWallet(
  page: Page,
  wallet: { readonly secureOrigin: string; readonly mail: { readonly inboxUrl: string } },
  email: string,
): Promise<{ readonly frame: Frame; readonly button: Locator; readonly address: Address }> {
  await startEmailLogin(page, email);
  await approveFromInbox(page, wallet.mail.inboxUrl, email);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Code").fill(await codeFromInbox(wallet.mail.inboxUrl, email), { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Verify" }).click();
  const frame = secureFrame(page, wallet.secureOrigin);
  await frame.getByRole("button", { name: "I have kept it" }).click({ timeout: 30_000 });
  const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
  await button.waitFor({ timeout: 30_000 });
  return { frame, button, address: await sessionAddress(frame) };
}
