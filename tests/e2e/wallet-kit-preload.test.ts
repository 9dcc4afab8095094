import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

/**
 * Issue 17, open speed: the header's Connect button fetches the wallet modal's code when the pointer rests on it
 * or when it gets keyboard focus, not before; a click then shows the dialog without fetching any code. The
 * Account view's code still loads only when Account opens.
 */
const app = setUpAppUnderTest();

const MODAL_CODE = /\/assets\/modal-root-[\w-]+\.js$/;
const ACCOUNT_CODE = /\/assets\/account-view-[\w-]+\.js$/;

/** The home page, loaded and with its requests settled, with a log of the scripts it requests. */
async function openHome() {
  const context = await app.newContext({ width: 1280, height: 800 });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
  await page.waitForLoadState("networkidle");
  return { page, scripts, button: page.getByRole("banner").getByRole("button", { name: "Connect wallet" }) };
}

/** Waits for the modal's code to be fetched and for the page's requests to settle. */
async function modalCodeFetched(page: Page, scripts: string[]) {
  await expect.poll(() => scripts.some((path) => MODAL_CODE.test(path))).toBe(true);
  // The preload is over once the button says so (the modal's code and wagmi's config with its connectors,
  // whose loading can pause the network for longer than "networkidle" waits on a busy machine).
  await page.locator("[data-modal-kit-button][data-modal-ready]").waitFor();
}

/** Clicks (or presses Enter on) the button and lists the scripts requested before the dialog was visible. */
async function scriptsBeforeDialog(page: Page, scripts: string[], open: () => Promise<void>) {
  const before = scripts.length;
  await open();
  await page.getByRole("dialog").waitFor({ state: "visible" });
  return scripts.slice(before);
}

describe("wallet modal preloading", () => {
  it("fetches no modal code before the visitor shows intent, the modal's code on hover, and none on the click", async () => {
    const { page, scripts, button } = await openHome();
    expect(scripts.filter((path) => MODAL_CODE.test(path))).toEqual([]);
    await button.hover();
    await modalCodeFetched(page, scripts);
    expect(await scriptsBeforeDialog(page, scripts, () => button.click())).toEqual([]);
    expect(scripts.filter((path) => ACCOUNT_CODE.test(path))).toEqual([]);
  });

  it("fetches the modal's code when the button gets keyboard focus, and Enter opens it with no fetch", async () => {
    const { page, scripts, button } = await openHome();
    expect(scripts.filter((path) => MODAL_CODE.test(path))).toEqual([]);
    await button.focus();
    await modalCodeFetched(page, scripts);
    expect(await scriptsBeforeDialog(page, scripts, () => page.keyboard.press("Enter"))).toEqual([]);
  });
});
