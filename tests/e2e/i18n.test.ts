import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

const app = setUpAppUnderTest();

describe("language", () => {
  it("starts in en_US, switches to zh_CN from the header, and keeps the choice across reloads", async () => {
    const page = await app.open("/cosmos");
    expect(await page.locator("main h1").textContent()).toBe("Stake Cosmos");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();

    await page.getByRole("combobox", { name: "Language" }).selectOption("zh_CN");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("质押 Cosmos");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("zh_CN");
    await expect.poll(() => page.title()).toBe("质押 | Meridian 质押");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    const facts = await page.locator(".facts li").allTextContents();
    expect(facts).toContain("解绑期：最长 21 天");
    expect(facts).toContain("收益发放频率：每天一次");

    await page.reload();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("质押 Cosmos");
    expect(await page.getByRole("combobox", { name: "语言" }).inputValue()).toBe("zh_CN");
    expect(await page.getByRole("navigation", { name: "主导航" }).textContent()).toContain("联系我们");

    await page.getByRole("combobox", { name: "语言" }).selectOption("en_US");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Stake Cosmos");
    await page.reload();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Stake Cosmos");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en_US");
  });

  it("shows the not-found texts and home cards in Chinese", async () => {
    const context = await app.newContext();
    await context.addInitScript(() => localStorage.setItem("language", "zh_CN"));
    const page = await context.newPage();
    await page.goto("/404");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("404 哎呀！页面未找到");
    await page.getByRole("link", { name: "返回首页" }).click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("更聪明地质押，更稳定地收益");
    const lava = page.locator(".network-card", { hasText: "Lava" });
    expect(await lava.locator(".badge").textContent()).toBe("即将上线");
  });
});
