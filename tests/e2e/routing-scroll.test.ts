import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { navigateInApp } from "./support/navigate.ts";

const app = setUpAppUnderTest();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Makes the reward frame tall enough to scroll, standing in for a long reward history. */
async function lengthenPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const filler = document.createElement("div");
    filler.style.height = "4000px";
    document.querySelector("main")?.append(filler);
  });
}

/** Pages the reward list from current=1 to current=2 (same type) at the given width; resolves with the offset from half the page once scrolled. */
async function rewardPagingOffsetFromHalf(width: number): Promise<Page> {
  const page = await app.open("/ethereum/reward?type=consensus&current=1", { width, height: 700 });
  await lengthenPage(page);
  await page.evaluate(() => window.scrollTo({ top: 300, behavior: "instant" }));
  await expect.poll(() => scrollY(page)).toBe(300);
  await navigateInApp(page, "/ethereum/reward?type=consensus&current=2");
  await page.waitForURL("**current=2");
  return page;
}

const offsetFromHalf = (page: Page) =>
  page.evaluate(() => Math.abs(Math.round(window.scrollY - document.documentElement.scrollHeight * 0.5)));

describe("scrolling on navigation", () => {
  it("scrolls to the top after a navigation", async () => {
    const page = await app.open("/");
    const link = page.locator(".more-links").getByRole("link", { name: "Contact us" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await link.click();
    await page.waitForURL("**/contact");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it("scrolls to half the page when paging rewards of one type on a screen 768 px wide or more", async () => {
    const wide = await rewardPagingOffsetFromHalf(768);
    await expect.poll(() => offsetFromHalf(wide)).toBeLessThanOrEqual(2);
    const narrow = await rewardPagingOffsetFromHalf(767);
    await expect.poll(() => scrollY(narrow)).toBe(0);
  });

  it("scrolls to the top between reward routes of different types", async () => {
    const page = await app.open("/ethereum/reward?type=consensus&current=1");
    await lengthenPage(page);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: "instant" }));
    await navigateInApp(page, "/ethereum/reward?type=execution&current=2");
    await page.waitForURL("**type=execution**");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it("scrolls smoothly to a hash target", async () => {
    const page = await app.open("/");
    const target = await page.evaluate(() => {
      const networks = document.getElementById("networks");
      return networks ? Math.round(networks.getBoundingClientRect().top + window.scrollY) : -1;
    });
    expect(target).toBeGreaterThan(100);
    // Record every frame's position while the browser animates towards #networks.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as Window & { positions?: number[] }).positions = positions;
      const sample = () => {
        positions.push(Math.round(window.scrollY));
        if (positions.length < 600) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.getByRole("link", { name: "See the networks" }).click();
    await page.waitForURL("**/#networks");
    await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(Math.min(target, 1) + target - 2);
    const positions = await page.evaluate(() => (window as Window & { positions?: number[] }).positions ?? []);
    const between = new Set(positions.filter((y) => y > 0 && y < target - 2));
    expect(between.size, `positions seen: ${[...new Set(positions)].join(",")}`).toBeGreaterThanOrEqual(3);
  });

  it("comes forward to the top of a page left before the browser reported any scroll on it", async () => {
    const page = await app.open("/");
    const link = page.locator(".more-links").getByRole("link", { name: "Staking for institutions" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const homeY = await scrollY(page);
    // Open the page and go back as soon as its address is in the history, checking in tasks rather than frames,
    // so the browser has had no frame in which to report a scroll on it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const anchor = [...document.querySelectorAll<HTMLAnchorElement>(".more-links a")].find(
            (element) => element.textContent?.trim() === "Staking for institutions",
          );
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            if (!window.location.pathname.endsWith("/institution-staking")) return channel.port2.postMessage(null);
            history.back();
            resolve();
          };
          anchor?.click();
          channel.port2.postMessage(null);
        }),
    );
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => scrollY(page)).toBe(homeY);
    await page.goForward();
    await page.waitForURL("**/institution-staking");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it("restores the scroll position on back and forward", async () => {
    const page = await app.open("/");
    const link = page.locator(".more-links").getByRole("link", { name: "Staking for institutions" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const homeY = await scrollY(page);
    await link.click();
    await page.waitForURL("**/institution-staking");
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => scrollY(page)).toBe(homeY);
    await page.goForward();
    await page.waitForURL("**/institution-staking");
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it("restores the scroll position on back after a reload of the next page", async () => {
    const page = await app.open("/");
    const link = page.locator(".more-links").getByRole("link", { name: "Contact us" });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const homeY = await scrollY(page);
    await link.click();
    await page.waitForURL("**/contact");
    await page.reload();
    await page.locator("main h1").waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => scrollY(page)).toBe(homeY);
  });
});
