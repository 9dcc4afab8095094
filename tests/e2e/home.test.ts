import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";

const app = setUpAppUnderTest();

describe("home page", () => {
  it("promises several networks, non-custodial staking and daily rewards", async () => {
    const page = await app.open("/");
    expect(await page.locator("main h1").textContent()).toBe("Stake Smarter, Earn Steadier");
    const promises = await page.locator(".promises h3").allTextContents();
    expect(promises).toEqual(["Several networks", "Non-custodial", "Daily rewards"]);
  });

  it("shows a card per configured network in home order, with facts, status and a link to its stake page", async () => {
    const page = await app.open("/");
    const cards = page.locator(".network-card");
    const names = await cards.locator("h3").allTextContents();
    expect(names).toEqual([
      "Ethereum ETH",
      "Avalanche AVAX",
      "Manta MANTA",
      "Lava LAVA",
      "Fantom FTM",
      "Conflux CFX",
      "Cosmos ATOM",
    ]);
    // No staking server answers here: each card shows its network's indicative rate from config.
    const avalanche = cards.filter({ hasText: "Avalanche" });
    expect(await avalanche.locator("dd").allTextContents()).toEqual([
      "7% (reference, offline)",
      "25 AVAX",
      "Not listed",
    ]);
    expect(await cards.filter({ hasText: "Cosmos" }).locator("dd").allTextContents()).toEqual([
      "15% (reference, offline)",
      "No minimum",
      "Up to 21 days",
    ]);
    expect(await cards.locator('[data-field="apr"] dd').allTextContents()).toEqual([
      "3% (reference, offline)",
      "7% (reference, offline)",
      "8% (reference, offline)",
      "10% (reference, offline)",
      "4% (reference, offline)",
      "8% (reference, offline)",
      "15% (reference, offline)",
    ]);
    expect(await cards.locator(".badge").allTextContents()).toEqual(["Coming soon"]);
    expect(await cards.filter({ hasText: "Lava" }).locator(".badge").count()).toBe(1);

    await avalanche.getByRole("link", { name: "Stake AVAX" }).click();
    await page.waitForURL("**/avalanche");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Stake Avalanche");
    // Focus starts at the new page's content.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("links each live network's card to its stake page and its dashboard", async () => {
    const page = await app.open("/");
    const ethereum = page.locator(".network-card").filter({ hasText: "Ethereum" });
    expect(await ethereum.getByRole("link").allTextContents()).toEqual(["Stake ETH", "Dashboard"]);
    expect(await page.locator(".network-card").filter({ hasText: "Lava" }).getByRole("link").allTextContents()).toEqual(
      ["Details for Lava"],
    );
    expect(await page.locator(".network-card").filter({ hasText: "Manta" }).locator("dd").allTextContents()).toEqual([
      "8% (reference, offline)",
      "500 MANTA, set by the chain's parachainStaking.minDelegation (can change)",
      "7 days queue",
    ]);
    await ethereum.getByRole("link", { name: "Ethereum dashboard" }).click();
    await page.waitForURL("**/ethereum/staking");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Ethereum · Staking");
  });

  it("links to the rewards calculator, institution staking and contact", async () => {
    const page = await app.open("/");
    const more = page.locator(".more-links");
    await more.getByRole("link", { name: "Estimate your rewards" }).click();
    await page.waitForURL("**/#calculator");
    await more.getByRole("link", { name: "Staking for institutions" }).click();
    await page.waitForURL("**/institution-staking");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Institution staking");
    await page.getByRole("link", { name: "Write to us" }).click();
    await page.waitForURL("**/contact");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Contact us");
  });
});
