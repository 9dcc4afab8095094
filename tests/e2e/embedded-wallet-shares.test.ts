import { readFile } from "node:fs/promises";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { createPublicClient, createTestClient, http, parseEther, recoverMessageAddress, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combineShares, encodeShare } from "../../src/secure-frame/keys/shamir.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import {
  approveFromInbox,
  codeFromInbox,
  secureFrame,
  sessionAddress,
  startEmailLogin,
} from "./support/embedded-wallet-login.ts";
import { captureFrameDialog } from "./support/frame-screenshots.ts";

/**
 * Issue 25 item 2 in Chromium: a wallet whose server share is garbage or unavailable is rebuilt from the device
 * share and the recovery share, re-split and stored with the key's signature; the frame refuses shares that do
 * not rebuild the wallet; after a re-split the frame says the old shares still work and can move the funds to a
 * new wallet (a real transfer on the devnet chain). With WALLET_APPROVAL_SCREENSHOTS=<dir> the new dialogs are
 * captured there (360/1280 px, light/dark).
 */
const app = setUpAppUnderTest();
let stack: EmailWalletStack;
let secureOrigin: string;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
  secureOrigin = stack.embeddedWallet.secureOrigin;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const RESPLIT_WARNING =
  "Fresh shares do not cancel the old ones: your old recovery share, together with the share of the device you used before, still rebuilds this wallet's key. If that device or the old recovery share may be in someone else's hands, move your funds to a new wallet.";
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * A new e-mail wallet on a fresh page, funded with 5 ETH on the devnet; its recovery share as the frame showed it.
 * `whileShown` runs while the frame shows the new recovery share, before "I have kept it".
 */
async function newWallet(email: string, whileShown?: (page: Page, frame: Frame) => Promise<void>) {
  const context = await app.newContext({ bypassCSP: true });
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  await startEmailLogin(page, email);
  // Every first sign-in of a browser is approved by the mailbox owner first (the answer does not tell new users).
  await approveFromInbox(page, stack.embeddedWallet.mail.inboxUrl, email);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Code").fill(await codeFromInbox(stack.embeddedWallet.mail.inboxUrl, email), {
    timeout: 30_000,
  });
  await dialog.getByRole("button", { name: "Verify" }).click();
  const frame = secureFrame(page, secureOrigin);
  const recovery = await frame.getByLabel("Recovery share", { exact: true }).inputValue({ timeout: 30_000 });
  await whileShown?.(page, frame);
  await frame.getByRole("button", { name: "I have kept it" }).click();
  const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
  await button.waitFor({ timeout: 30_000 });
  const address = await sessionAddress(frame);
  await createTestClient({ mode: "anvil", transport: http(stack.devnet.ethereum.anvil.rpcUrl) }).setBalance({
    address,
    value: parseEther("5"),
  });
  return { context, page, frame, button, recovery, address };
}

/** Answers the frame's GET of the server share with `answer` (a garbage share, or the server's 503). */
async function serverShareAnswers(context: BrowserContext, answer: { status: number; body: object }) {
  const url = `${secureOrigin}/embedded-wallet/wallet/share`;
  const handler = (route: { fulfill(options: object): Promise<void> }) =>
    route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) });
  await context.route(url, handler);
  return () => context.unroute(url, handler);
}

/** The server share the secure origin holds now, read with the frame's session. */
const storedShare = (frame: Frame) =>
  frame.evaluate(async () => {
    const session = sessionStorage.getItem("embedded-wallet.session") ?? "";
    const response = await fetch("/embedded-wallet/wallet/share", { headers: { authorization: `Bearer ${session}` } });
    return (await response.json()) as { address: string; serverShare: string };
  });

/** Reloads the page: the reconnect finds the server share unusable and the frame asks to repair. */
async function reloadToRepair(page: Page, recovery: string, screenshot?: string) {
  await page.reload();
  const iframe = page.locator(`iframe[src^="${secureOrigin}"]`).contentFrame();
  await iframe.getByRole("heading", { name: "Repair your wallet" }).waitFor({ timeout: 30_000 });
  const frame = secureFrame(page, secureOrigin);
  // A recovery share of another wallet is refused, the typed text kept.
  const field = frame.getByLabel("Recovery share", { exact: true });
  await field.fill(encodeShare(3, 12345n));
  await frame.getByRole("button", { name: "Repair wallet" }).click();
  await expect
    .poll(() => frame.getByRole("alert").textContent(), { timeout: 15_000 })
    .toBe("This recovery share does not match this wallet");
  expect(await seriousViolations(frame)).toEqual([]);
  if (screenshot) await captureFrameDialog(page, secureOrigin, screenshot);
  await field.fill(recovery);
  await frame.getByRole("button", { name: "Repair wallet" }).click();
  await frame.getByRole("heading", { name: "Keep your new recovery share" }).waitFor({ timeout: 30_000 });
  return frame;
}

describe("the e-mail wallet's key shares", () => {
  it("copies the new recovery share to the clipboard and downloads it as a file from inside the frame, never through the host page", async () => {
    const seenByHost: string[] = [];
    let copiedText = "";
    let file: { name: string; content: string } | undefined;
    const { page, recovery, address } = await newWallet("keep-share@example.com", async (page, frame) => {
      page.on("console", (message) => seenByHost.push(message.text()));
      page.on("request", (request) => seenByHost.push(request.url(), request.postData() ?? ""));
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await captureFrameDialog(page, secureOrigin, "wallet-recovery-share");
      expect(await seriousViolations(frame)).toEqual([]);
      await frame.getByRole("button", { name: "Copy", exact: true }).click();
      await frame.getByRole("button", { name: "Copied", exact: true }).waitFor();
      expect(await frame.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
      copiedText = await page.evaluate(() => navigator.clipboard.readText());
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        frame.getByRole("button", { name: "Download", exact: true }).click(),
      ]);
      file = { name: download.suggestedFilename(), content: await readFile(await download.path(), "utf8") };
      // The host page never held the share: not in its document, its logs or what it sent.
      expect(await page.content()).not.toContain(
        await frame.getByLabel("Recovery share", { exact: true }).inputValue(),
      );
    });
    expect(copiedText).toBe(recovery);
    expect(file).toEqual({ name: `recovery-share-${address}.txt`, content: recovery });
    expect(seenByHost.filter((entry) => entry.includes(recovery))).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("refuses to sign with a server share that does not rebuild the wallet, and repairs from the device and recovery shares", async () => {
    const { context, page, frame, recovery, address } = await newWallet("garbage-share@example.com");
    const garbage = encodeShare(2, 987654321n);
    const restore = await serverShareAnswers(context, { status: 200, body: { address, serverShare: garbage } });
    // Signing now: approved, but the frame does not use a share that does not rebuild the wallet, and says why.
    const refused = page.evaluate(
      ([message, account]) =>
        window.__embeddedWallet?.request({ method: "personal_sign", params: [message, account] }).then(
          () => "signed",
          (error: Error) => error.message,
        ),
      [stringToHex("hello"), address] as const,
    );
    await frame.getByRole("button", { name: "Approve" }).click({ timeout: 30_000 });
    expect(await refused).toBe(
      "The server's share of this wallet does not match this browser's share: reconnect the wallet to repair it with your recovery share",
    );

    const repaired = await reloadToRepair(page, recovery, "wallet-repair-mismatch");
    expect(await repaired.getByText(RESPLIT_WARNING).isVisible()).toBe(true);
    expect(await repaired.getByRole("button", { name: "Move my funds to a new wallet" }).isVisible()).toBe(true);
    expect(await seriousViolations(repaired)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-resplit-warning");
    const renewed = await repaired.getByLabel("Recovery share", { exact: true }).inputValue();
    await restore();
    await repaired.getByRole("button", { name: "I have kept it" }).click();
    const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await button.waitFor({ timeout: 30_000 });
    expect(await button.textContent()).toBe(short(address));

    // The server holds a share of the same key again (stored with the key's signature), and signing works.
    const stored = await storedShare(repaired);
    expect(stored.serverShare).not.toBe(garbage);
    expect(privateKeyToAccount(combineShares(stored.serverShare, renewed)).address).toBe(address);
    const signing = page.evaluate(
      ([message, account]) => window.__embeddedWallet?.request({ method: "personal_sign", params: [message, account] }),
      [stringToHex("repaired"), address] as const,
    );
    await repaired.getByRole("button", { name: "Approve" }).click({ timeout: 30_000 });
    const signature = (await signing) as `0x${string}`;
    expect(await recoverMessageAddress({ message: "repaired", signature })).toBe(address);
  }, 180_000);

  it("moves the funds to a new wallet after a repair (server share unavailable): approved in the frame, mined on the devnet", async () => {
    const { context, page, recovery, address } = await newWallet("move-funds@example.com");
    const restore = await serverShareAnswers(context, {
      status: 503,
      body: {
        code: "share_key_unknown",
        message: "This wallet's server share is encrypted under share key 0123456789abcdef",
      },
    });
    const repaired = await reloadToRepair(page, recovery);
    await restore();
    await repaired.getByRole("button", { name: "Move my funds to a new wallet" }).click();

    const frame = secureFrame(page, secureOrigin);
    await frame.getByRole("heading", { name: "Move your funds to a new wallet?" }).waitFor({ timeout: 30_000 });
    const rows = await frame.getByRole("dialog").locator("dt, dd").allTextContents();
    expect(rows.filter((_, index) => index % 2 === 0)).toEqual([
      "Network",
      "From (this wallet)",
      "To (your new wallet)",
      "Amount",
      "Network fee (at most)",
      "Not moved",
    ]);
    const [, network, , from, , to, , amount, , fee, , notMoved] = rows;
    expect([network, from]).toEqual(["Ethereum Devnet", address]);
    expect(to).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(to).not.toBe(address);
    expect(notMoved).toBe(
      "Tokens, NFTs, staked or pooled positions, coins on other networks and any unspent part of the network fee stay at the old address, which this account cannot use after the move: move what matters yourself first.",
    );
    const ether = (text = "") => parseEther(/^([\d.]+) ETH$/.exec(text)?.[1] ?? "NaN");
    expect(ether(amount) + ether(fee)).toBe(parseEther("5"));
    expect(await seriousViolations(frame)).toEqual([]);
    await captureFrameDialog(page, secureOrigin, "wallet-move-funds");
    await frame.getByRole("button", { name: "Approve" }).click();

    await frame.getByRole("heading", { name: "Keep your new wallet's recovery share" }).waitFor({ timeout: 30_000 });
    const newRecovery = await frame.getByLabel("Recovery share", { exact: true }).inputValue();
    await captureFrameDialog(page, secureOrigin, "wallet-new-wallet-recovery");
    await frame.getByRole("button", { name: "I have kept it" }).click();
    const button = page.getByRole("banner").locator("[data-modal-kit-button]", { hasText: /^0x/ });
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe(short(to as string));

    // The balance went to the new wallet; the account, its server share and the new recovery share are the new wallet's.
    const chain = createPublicClient({ transport: http(stack.devnet.ethereum.anvil.rpcUrl) });
    await expect
      .poll(() => chain.getBalance({ address: to as `0x${string}` }), { timeout: 30_000 })
      .toBe(ether(amount));
    expect(await chain.getBalance({ address })).toBeLessThan(ether(fee));
    expect(await sessionAddress(frame)).toBe(to);
    const stored = await storedShare(frame);
    expect(privateKeyToAccount(combineShares(stored.serverShare, newRecovery)).address).toBe(to);
  }, 180_000);
});
