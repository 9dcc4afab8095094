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
    // No staking server answers here: the rate is Fantom's indicative reference rate from config, 4 %.
    expect(await calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }).inputValue()).toBe("4");
    expect(await calculator.textContent()).toContain(
      "The reference rate for Fantom in this app's settings; our server could not be reached.",
    );
    await expect.poll(() => result(page, "yearly")).toBe("40 FTM");
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
    expect(await calculator.textContent()).toContain("Enter an amount greater than zero.");
    expect(await calculator.textContent()).toContain("Enter a rate from 0 to 100.");
    expect(await result(page, "daily")).toBe("—");
  });

  it("holds an amount to the network's rules from config, and says how to write one it cannot read", async () => {
    const page = await app.open("/#calculator");
    const calculator = page.locator("#calculator");
    await calculator.getByRole("combobox", { name: "Network" }).selectOption("ethereum");
    const amount = calculator.getByRole("textbox", { name: "Amount (ETH)" });
    const errorUnder = async () => {
      const ids = (await amount.getAttribute("aria-describedby"))?.split(" ") ?? [];
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
      return texts.join(" ");
    };
    const cases: [string, string][] = [
      ["31", "The minimum is 32 ETH."],
      ["2049", "The maximum is 2048 ETH."],
      ["1e30", "Write the amount in full, such as 1000, not in exponent notation like 1e3."],
      ["1,000", "Enter the amount without thousands separators, such as 1000 or 1000.5."],
      ["abc", "Enter a plain number such as 25 or 0.5, without signs, spaces or exponents."],
    ];
    for (const [typed, message] of cases) {
      await amount.fill(typed);
      await expect.poll(errorUnder).toContain(message);
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      expect(await result(page, "yearly")).toBe("—");
    }
    // 2048 ETH is in range: an estimate again once a rate is entered.
    await amount.fill("2048");
    await calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }).fill("5");
    await expect.poll(() => result(page, "yearly")).toBe("102.4 ETH");
    expect(await amount.getAttribute("aria-invalid")).toBeNull();

    // Another network, its own minimum from config.
    await calculator.getByRole("combobox", { name: "Network" }).selectOption("avalanche");
    const avax = calculator.getByRole("textbox", { name: "Amount (AVAX)" });
    await avax.fill("24");
    await calculator.getByText("The minimum is 25 AVAX.", { exact: true }).waitFor();
    await avax.fill("25");
    await expect.poll(() => avax.getAttribute("aria-invalid")).toBeNull();
  });
});
