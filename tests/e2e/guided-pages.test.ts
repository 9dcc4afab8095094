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
    "%s says plainly that delegation is not open until config holds the provider's id, in both languages",
    async (slug, network) => {
      const page = await app.open(`/${slug}`);
      expect(await page.locator("main h1").textContent()).toBe(`Stake ${network.name}`);
      const main = page.locator("main");
      await expect
        .poll(() => main.textContent())
        .toContain(`Delegation with Meridian is not open on ${network.name} yet`);
      // nothing stands in for the id: no target, no steps, no QR code, nobody to ask
      expect(await steps(page).count()).toBe(0);
      expect(await page.getByRole("region", { name: /to delegate to on/ }).count()).toBe(0);
      expect(await page.getByRole("img", { name: /QR code/ }).count()).toBe(0);
      expect(await main.textContent()).not.toMatch(/Contact us|Ask us/);
      const links = page.getByRole("region", { name: "Guides" }).getByRole("link");
      expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).toEqual(
        (network.docs ?? []).map((doc) => doc.url),
      );
      expect(await page.getByRole("combobox", { name: "Network" }).inputValue()).toBe(slug);

      await page.getByRole("combobox", { name: "Language" }).selectOption("zh_CN");
      await expect.poll(() => page.locator("main h1").textContent()).toBe(`质押 ${network.name}`);
      await expect.poll(() => main.textContent()).toContain(`Meridian 尚未在 ${network.name} 上开放委托`);
      const facts = await page.locator(".facts li").allTextContents();
      for (const fact of facts) expect(fact).toMatch(/[\u4e00-\u9fff]/);
      if (network.staking.minimum) expect(facts.join(" ")).toContain(`${network.staking.minimum} ${network.symbol}`);
    },
  );

  it("counts on the home page only the networks one can stake on with the provider", async () => {
    const page = await app.open("/");
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain("Stake on 2 networks from one place: Ethereum and Conflux.");
  });

  it("keeps Lava as coming soon, with no steps", async () => {
    const page = await app.open("/lava");
    expect(await page.locator("main").textContent()).toContain("Staking on Lava is coming soon");
    expect(await steps(page).count()).toBe(0);
  });
});
