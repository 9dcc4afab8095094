import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

const app = setUpAppUnderTest();

const result = (page: Page, period: "daily" | "monthly" | "yearly") =>
  page.locator(`#calculator dd[data-period="${period}"]`).textContent();

describe("rewards calculator", () => {
  it("is reached from the header and computes simple and daily-compounded rewards", async () => {
    const page = await app.open("/contact");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rewards calculator" }).click();
    await page.waitForURL("**/#calculator");
    const calculator = page.locator("#calculator");
    await calculator.getByRole("combobox", { name: "Network" }).selectOption("fantom");
    expect(await calculator.getByRole("textbox", { name: "Amount (FTM)" }).inputValue()).toBe("1");
    await calculator.getByRole("textbox", { name: "Amount (FTM)" }).fill("1000");
    expect(await result(page, "yearly")).toBe("—");
    expect(await calculator.textContent()).toContain("No reference rate is configured for Fantom yet");
    await calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }).fill("10");
    // 1000 at 10%: 100/365 a day, 30 days of that a month, 100 a year.
    await expect.poll(() => result(page, "daily")).toBe("0.273973 FTM");
    expect(await result(page, "monthly")).toBe("8.219178 FTM");
    expect(await result(page, "yearly")).toBe("100 FTM");
    const compound = calculator.getByRole("switch", { name: "Compound rewards daily" });
    await compound.click();
    expect(await compound.getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => result(page, "yearly")).toBe("105.155782 FTM");
    expect(await result(page, "monthly")).toBe("8.251913 FTM");
    expect(await calculator.textContent()).toMatch(/Estimate of \d{2}-\d{2}-\d{2}/);
  });

  it("says what is wrong with an amount or rate it cannot use", async () => {
    const page = await app.open("/#calculator");
    const calculator = page.locator("#calculator");
    await calculator.getByRole("textbox", { name: /^Amount/ }).fill("0");
    await calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }).fill("120");
    expect(await calculator.textContent()).toContain("Enter an amount greater than 0.");
    expect(await calculator.textContent()).toContain("Enter a rate from 0 to 100.");
    expect(await result(page, "daily")).toBe("—");
  });
});
