import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "./browser-harness.ts";

let harness: BrowserHarness;
let page: Page;

beforeAll(async () => {
  harness = await startBrowserHarness({ signInRequired: true });
}, 120_000);
afterAll(() => harness?.close());
beforeEach(async () => {
  page = await harness.newPage();
}, 120_000);

const dialog = () => page.getByRole("dialog");
const sessions = () => page.evaluate(() => (window as unknown as { __sessions: unknown[] }).__sessions);

async function connect() {
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await dialog()
    .getByRole("button", { name: /Devnet Test Wallet/ })
    .click({ timeout: 60_000 });
}

describe("sign-in with Ethereum in Chromium", () => {
  it("asks for a signature after connecting, cannot be closed without it, and closes once signed in", async () => {
    await connect();
    await expect.poll(() => dialog().getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Sign in");
    await page.keyboard.press("Escape");
    expect(await dialog().getAttribute("class")).toContain("mk-shake");
    expect(await dialog().count()).toBe(1);
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await sessions()).toEqual([{ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", chainId: 31337 }]);
  }, 120_000);

  it("shows 'Signature declined' when the wallet declines and signs in on a second try", async () => {
    await page.evaluate(() => {
      (window as unknown as { __rejectNextSignature: boolean }).__rejectNextSignature = true;
    });
    await connect();
    await dialog().getByRole("button", { name: "Sign in" }).click({ timeout: 30_000 });
    await expect.poll(() => dialog().getByRole("alert").textContent(), { timeout: 30_000 }).toBe("Signature declined");
    await dialog().getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await sessions()).toHaveLength(1);
  }, 120_000);

  it("disconnects when sign-in is cancelled and no network was signed in before", async () => {
    await connect();
    await dialog().getByRole("button", { name: "Cancel" }).click({ timeout: 30_000 });
    await expect.poll(() => dialog().count(), { timeout: 30_000 }).toBe(0);
    expect(await page.locator("[data-modal-kit-button]").textContent()).toBe("Connect wallet");
    expect(await sessions()).toEqual([]);
  }, 120_000);
});
