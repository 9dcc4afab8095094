import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { pathOf } from "./support/navigate.ts";

const app = setUpAppUnderTest();

/** Makes the Contact page's chunk fail to load, as after a deployment removed it. */
async function breakContactChunk(page: import("playwright-core").Page): Promise<string[]> {
  const failed: string[] = [];
  await page.route(/\/assets\/ContactPage-[^/]+\.js$/, (route) => {
    failed.push(route.request().url());
    return route.abort("failed");
  });
  return failed;
}

describe("a page module that fails to load", () => {
  it("sends the router to /404 when the address carries no reload marker", async () => {
    const page = await app.open("/");
    const failed = await breakContactChunk(page);
    let alerted = false;
    page.on("dialog", (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/404");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("404 Oops! Page not found");
    expect(failed.length).toBeGreaterThan(0);
    expect(alerted).toBe(false);
  });

  it("alerts that the site was updated and reloads without the marker when the address carries it", async () => {
    const page = await app.open("/?reloaded=1");
    await breakContactChunk(page);
    await page.evaluate(() => {
      (window as Window & { beforeReload?: boolean }).beforeReload = true;
    });
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const reloaded = page.waitForEvent("load");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await reloaded;
    expect(alerts).toEqual(["alert: The site has been updated. Please refresh the page manually."]);
    expect(pathOf(page)).toBe("/");
    expect(await page.evaluate(() => (window as Window & { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Stake Smarter, Earn Steadier");
  });

  it("on a first load with the marker, reloads once and then lands on /404 instead of looping", async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await breakContactChunk(page);
    const messages: string[] = [];
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.goto("/contact?reloaded=1");
    await page.waitForURL("**/404");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("404 Oops! Page not found");
    expect(messages).toEqual(["The site has been updated. Please refresh the page manually."]);
  });
});
