import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { networksInHomeOrder } from "../../src/generated/index.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

const app = setUpAppUnderTest();
const guided = networksInHomeOrder.filter((network) => network.family === "guided" && network.status === "live");

const steps = (page: Page) => page.getByRole("region", { name: /How to stake|如何质押/ }).getByRole("listitem");

describe("guided stake pages (networks without a browser-wallet path)", () => {
  it("exist for every live guided network in config", () => {
    expect(guided.map((network) => network.slug).sort()).toEqual(["avalanche", "conflux", "cosmos", "fantom", "manta"]);
  });

  it.each(guided.map((network) => [network.slug, network] as const))(
    "%s shows its facts, its steps from config, its guides and the calculator set to it",
    async (slug, network) => {
      const page = await app.open(`/${slug}`);
      expect(await page.locator("main h1").textContent()).toBe(`Stake ${network.name}`);
      await expect.poll(() => steps(page).count()).toBe(network.guide?.stepKeys.length);
      for (const text of await steps(page).allTextContents()) expect(text).not.toMatch(/\{\{|networks\./);
      const links = page.getByRole("region", { name: "Guides" }).getByRole("link");
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(
        (network.docs ?? []).map((doc) => doc.url),
      );
      expect(await page.getByRole("combobox", { name: "Network" }).inputValue()).toBe(slug);

      // The same page in Chinese: every step and fact translated, no key or placeholder left.
      await page.getByRole("combobox", { name: "Language" }).selectOption("zh_CN");
      await expect.poll(() => page.locator("main h1").textContent()).toBe(`质押 ${network.name}`);
      const chinese = await steps(page).allTextContents();
      expect(chinese).toHaveLength(network.guide?.stepKeys.length ?? 0);
      for (const text of chinese) {
        expect(text).toMatch(/[\u4e00-\u9fff]/);
        expect(text).not.toMatch(/\{\{|networks\./);
      }
      const facts = await page.locator(".facts li").allTextContents();
      for (const fact of facts) expect(fact).toMatch(/[\u4e00-\u9fff]/);
      if (network.staking.minimum) expect(facts.join(" ")).toContain(`${network.staking.minimum} ${network.symbol}`);
    },
  );

  it("fills the steps with the network's numbers (Avalanche: 25 AVAX, 2 weeks to 1 year)", async () => {
    const page = await app.open("/avalanche");
    const texts = await steps(page).allTextContents();
    expect(texts[0]).toBe(
      "Open a wallet that supports Avalanche P-Chain staking, such as Core, and move at least 25 AVAX to the P-Chain.",
    );
    expect(texts[2]).toBe("Enter at least 25 AVAX and pick an end date between 2 weeks and 1 year from now.");
    expect(await page.locator(".facts li").allTextContents()).toContain("Minimum stake: 25 AVAX");
  });

  it("never shows an id the operator has not configured, and points to the provider instead", async () => {
    const avalanche = await app.open("/avalanche");
    expect(await steps(avalanche).nth(1).textContent()).toBe(
      "Choose Stake, then Delegate, and paste the provider's node id shown above.",
    );
    // Said once, in the target card: no step stands in for the id with a placeholder.
    expect(await avalanche.locator("main").textContent()).not.toContain("the provider's node.");
    const page = await app.open("/fantom");
    const target = page.getByRole("region", { name: "The validator to delegate to on Fantom" });
    expect(await target.textContent()).toContain(
      "The provider has not published its validator id for Fantom here yet.",
    );
    expect(await target.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
    expect(await target.getByRole("button").count()).toBe(0);
    expect(await steps(page).nth(1).textContent()).toBe(
      "Choose Staking, then Delegate, and select the provider's validator named above.",
    );
  });

  it("shows the same page in Chinese, with the config's numbers", async () => {
    const context = await app.newContext();
    await context.addInitScript(() => localStorage.setItem("language", "zh_CN"));
    const page = await context.newPage();
    await page.goto("/avalanche");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("质押 Avalanche");
    const texts = await steps(page).allTextContents();
    expect(texts[2]).toBe("输入至少 25 AVAX，并选择从现在起 2 周到 1 年之间的结束日期。");
    expect(await page.getByRole("region", { name: "在 Avalanche 上委托的节点" }).textContent()).toContain(
      "服务商尚未在此公布其在 Avalanche 上的节点 ID。",
    );
    await page.goto("/conflux");
    await expect.poll(() => steps(page).count()).toBe(4);
    expect(await steps(page).first().textContent()).toBe(
      "打开 Fluent 或其他 Conflux Core 空间钱包，确保至少有 1000 CFX。",
    );
  });

  it("checks a planned Cosmos delegation against the config (6 decimals), with the error next to the field", async () => {
    const page = await app.open("/cosmos");
    const plan = page.getByRole("region", { name: "Plan your ATOM delegation" });
    const amount = plan.getByRole("textbox", { name: "Amount (ATOM)" });
    const check = plan.getByRole("button", { name: "Check amount" });
    await check.click();
    await expect.poll(() => amount.getAttribute("aria-invalid")).toBe("true");
    expect(await plan.getByText("Enter an amount.").isVisible()).toBe(true);
    await amount.fill("1.0000001");
    await check.click();
    await plan.getByText("Use at most 6 decimal places: ATOM has no smaller unit.").waitFor();
    await amount.fill("0");
    await check.click();
    await plan.getByText("Enter an amount greater than zero.").waitFor();
    await amount.fill("12.5");
    await check.click();
    await expect.poll(() => amount.getAttribute("aria-invalid")).toBeNull();
    expect(await plan.getByRole("status").textContent()).toBe(
      "12.5 ATOM is a valid delegation on Cosmos. Delegate it to the provider's validator in your wallet, following the steps.",
    );
    const avalanche = await app.open("/avalanche");
    expect(await avalanche.getByRole("region", { name: /^Plan your/ }).count()).toBe(0);
  });

  it("keeps Lava as coming soon, with no steps", async () => {
    const page = await app.open("/lava");
    expect(await page.locator("main").textContent()).toContain("Staking on Lava is coming soon");
    expect(await steps(page).count()).toBe(0);
  });
});
