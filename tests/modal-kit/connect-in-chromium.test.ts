import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "./browser-harness.ts";

let harness: BrowserHarness;
let page: Page;

beforeAll(async () => {
  harness = await startBrowserHarness();
}, 120_000);
afterAll(() => harness?.close());
beforeEach(async () => {
  page = await harness.newPage();
}, 120_000);

const dialog = () => page.getByRole("dialog");

describe("the modal kit in Chromium with a devnet wallet", () => {
  it("opens an aria-modal dialog listing the announced wallet as installed and the featured catalogue", async () => {
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await expect.poll(() => dialog().getAttribute("aria-modal"), { timeout: 60_000 }).toBe("true");
    const wallet = dialog().getByRole("button", { name: /Devnet Test Wallet/ });
    await wallet.waitFor();
    expect(await wallet.textContent()).toContain("Installed");
    await dialog().getByRole("button", { name: "All wallets" }).click();
    await dialog().getByRole("button", { name: "Rabby" }).waitFor();
    await dialog().getByRole("searchbox").fill("wallet");
    await expect
      .poll(() => dialog().getByRole("list", { name: "All wallets" }).getByRole("button").allTextContents())
      .toEqual(["Coinbase Wallet", "OKX Wallet", "Uniswap Wallet"]);
  }, 120_000);

  it("shows 'Connection rejected' when the wallet declines, connects on retry and shows the balance", async () => {
    await page.evaluate(() => {
      (window as unknown as { __rejectNextConnection: boolean }).__rejectNextConnection = true;
    });
    await page.getByRole("button", { name: "Connect wallet" }).click();
    await dialog()
      .getByRole("button", { name: /Devnet Test Wallet/ })
      .click();
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Connection rejected");
    await dialog().getByRole("button", { name: "Try again" }).click();
    const button = page.locator("[data-modal-kit-button]");
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe("0xf39F…2266");
    expect(await dialog().count()).toBe(0);

    await button.click();
    await expect.poll(() => dialog().getByTestId("mk-balance").textContent(), { timeout: 30_000 }).toBe("10000 ETH");
    expect(await dialog().getByRole("heading").textContent()).toBe("Account");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-modal-kit-button"))).toBe(true);
  }, 120_000);

  it("can be used with the keyboard alone: Tab stays in the dialog and Escape closes it", async () => {
    await page.locator("[data-modal-kit-button]").focus();
    await page.keyboard.press("Enter");
    await dialog()
      .getByRole("button", { name: /Devnet Test Wallet/ })
      .waitFor({ timeout: 60_000 });
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog().count()).toBe(0);
  }, 120_000);
});
