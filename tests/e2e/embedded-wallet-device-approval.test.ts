import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type EmailWalletStack, startEmailWalletStack } from "./support/email-wallet-stack.ts";
import { approvalLinkFromInbox, startEmailLogin } from "./support/embedded-wallet-login.ts";

/** Issue 25 item 4 in Chromium: the e-mailed approval link's page names the browser, its IP address and the time. */
const app = setUpAppUnderTest();
let stack: EmailWalletStack;

beforeAll(async () => {
  stack = await startEmailWalletStack(app.url);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The approval page's details, label → value (labels without their Chinese part). */
const details = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("dt")].map((term) => [
        term.firstChild?.textContent?.trim(),
        term.nextElementSibling?.textContent,
      ]),
    ),
  );

/** With WALLET_APPROVAL_SCREENSHOTS=<dir>: the page at 1280 and 360 px, light and dark. */
async function capture(page: Page, name: string) {
  const dir = process.env.WALLET_APPROVAL_SCREENSHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(dir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
}

describe("the device-approval page", () => {
  it("names the browser and system that asked, its IP address and the time in the reader's time zone", async () => {
    const email = "dana@example.com";
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/");
    await startEmailLogin(page, email);
    await page
      .getByRole("dialog")
      .getByText(`Check your e-mail ${email} to approve this device`)
      .waitFor({ timeout: 30_000 });
    const link = await approvalLinkFromInbox(stack.embeddedWallet.mail.inboxUrl, email);

    // Read in New York, in English (axe needs its script injected, so this one bypasses the page's CSP).
    const newYork = await (
      await app.newContext({ timezoneId: "America/New_York", locale: "en-US", bypassCSP: true })
    ).newPage();
    await newYork.goto(link);
    await newYork.getByRole("heading", { name: "Approve this sign-in?" }).waitFor();
    const shown = await details(newYork);
    expect(shown.Browser).toMatch(/^Chrome \d+ on Linux$/);
    expect(shown["IP address"]).toBe("127.0.0.1");
    expect(shown.Requested).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(await seriousViolations(newYork)).toEqual([]);
    await capture(newYork, "device-approval");
    await newYork.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(newYork)).toEqual([]);

    // Read in Shanghai, in Chinese, under the page's own CSP (its script runs by hash).
    const shanghai = await (await app.newContext({ timezoneId: "Asia/Shanghai", locale: "zh-CN" })).newPage();
    await shanghai.goto(link);
    await shanghai.getByRole("heading", { name: "Approve this sign-in?" }).waitFor();
    expect((await details(shanghai)).Requested).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日.*GMT\+8.*\d{1,2}:\d{2}$/);
    // The same moment in both.
    const moments = await Promise.all(
      [newYork, shanghai].map((reader) => reader.locator("time").getAttribute("datetime")),
    );
    expect(moments[0]).toBe(moments[1]);

    await shanghai.getByRole("button", { name: "Approve the new device" }).click();
    await shanghai.getByRole("heading", { name: "Device approved" }).waitFor();
    await page.getByRole("dialog").getByLabel("Code").waitFor({ timeout: 30_000 });
  }, 120_000);
});
