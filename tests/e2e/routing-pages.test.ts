import { describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { navigateInApp, pathOf } from "./support/navigate.ts";

const app = setUpAppUnderTest();

const ROUTES: [path: string, heading: string, title: string, finalPath?: string][] = [
  ["/", "Stake Smarter, Earn Steadier", "Home | Stake Meridian"],
  ["/404", "404 Oops! Page not found", "Page not found | Stake Meridian"],
  ["/contact", "Contact us", "Contact | Stake Meridian"],
  ["/institution-staking", "Institution staking", "Institution staking | Stake Meridian"],
  ["/conflux/espace/staking", "Stake CFX on Conflux eSpace", "Stake | Stake Meridian"],
  ["/conflux/espace/dashboard", "Conflux eSpace dashboard", "Dashboard | Stake Meridian"],
  ["/ethereum", "Stake Ethereum", "Stake | Stake Meridian"],
  ["/lava", "Stake Lava", "Stake | Stake Meridian"],
  // The reward screen writes its history view into the address, so paging keeps the list in view.
  ["/ethereum/reward", "Ethereum · Reward", "Reward | Stake Meridian", "/ethereum/reward?type=all&current=1"],
  ["/ethereum/validator", "Ethereum · Validator", "Validator | Stake Meridian"],
  ["/ethereum/claim", "Ethereum · Claim", "Claim | Stake Meridian"],
  ["/ethereum/operation", "Ethereum · Operation", "Operation | Stake Meridian"],
  ["/cosmos/staking", "Cosmos · Staking", "Staking | Stake Meridian"],
  ["/ethereum/ssv/operators", "Select operators", "Tutorials | Stake Meridian"],
  ["/ethereum/ssv/funding-period", "Select funding period", "Tutorials | Stake Meridian"],
  ["/ethereum/ssv/upload-files", "Upload keyshare files", "Tutorials | Stake Meridian"],
  ["/ethereum/ssv/validator-detail", "Validator detail", "Tutorials | Stake Meridian"],
  ["/ethereum/ssv/deposit", "Deposit tokens", "Tutorials | Stake Meridian"],
];

describe("routes", () => {
  it("renders every route of the spec with its heading and title, in one #root", async () => {
    const page = await app.open("/");
    for (const [path, heading, title, finalPath] of ROUTES) {
      await page.goto(path);
      await expect.poll(() => page.locator("main h1").first().textContent()).toBe(heading);
      expect(await page.title(), path).toBe(title);
      await expect.poll(() => pathOf(page)).toBe(finalPath ?? path);
    }
    expect(await page.locator("[id=root]").count()).toBe(1);
    expect(await page.locator("#root main").count()).toBe(1);
  });

  it("shows the network's facts from config on its stake page", async () => {
    const page = await app.open("/avalanche");
    const facts = page.locator(".facts li");
    await expect.poll(() => facts.allTextContents()).toContain("Minimum stake: 25 AVAX");
    expect(await facts.allTextContents()).toContain("Delegation period: 2 weeks to 1 year");
    expect(await facts.allTextContents()).toContain("Rewards paid once a day");
  });

  it("leads from each network page to its dashboard and screens, Ethereum's to the SSV flow, Conflux's to eSpace", async () => {
    const page = await app.open("/ethereum");
    const links = page.getByRole("navigation", { name: "Ethereum pages" }).getByRole("link");
    await expect
      .poll(() => links.allTextContents())
      .toEqual([
        "Stake",
        "Dashboard",
        "Reward",
        "Validator",
        "Claim",
        "Operation",
        "Stake with shared operators (SSV)",
      ]);
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute("href")))).toEqual([
      "/ethereum",
      "/ethereum/staking",
      "/ethereum/reward",
      "/ethereum/validator",
      "/ethereum/claim",
      "/ethereum/operation",
      "/ethereum/ssv/operators",
    ]);
    expect(await links.first().getAttribute("aria-current")).toBe("page");
    await links.filter({ hasText: "Stake with shared operators (SSV)" }).click();
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Select operators");

    await navigateInApp(page, "/conflux");
    const conflux = page.getByRole("navigation", { name: "Conflux pages" }).getByRole("link");
    await expect
      .poll(() => conflux.allTextContents())
      .toEqual(["Stake", "Dashboard", "Stake on Conflux eSpace", "Conflux eSpace dashboard"]);
    await conflux.filter({ hasText: "Conflux eSpace dashboard" }).click();
    await expect.poll(() => pathOf(page)).toBe("/conflux/espace/dashboard");
    const espace = page.getByRole("navigation", { name: "Conflux eSpace pages" }).getByRole("link");
    await expect
      .poll(() => espace.allTextContents())
      .toEqual(["Stake on Conflux eSpace", "Conflux eSpace dashboard", "Conflux overview"]);

    await navigateInApp(page, "/avalanche");
    const avalanche = page.getByRole("navigation", { name: "Avalanche pages" }).getByRole("link");
    await expect.poll(() => avalanche.allTextContents()).toEqual(["Stake", "Dashboard"]);
    await avalanche.filter({ hasText: "Dashboard" }).click();
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Avalanche · Staking");
  });

  it("states Manta's minimum in words, without the chain parameter's name", async () => {
    const page = await app.open("/manta");
    const facts = page.locator(".facts li");
    await expect.poll(() => facts.allTextContents()).toContain("Minimum stake: Set by the network, can change");
    expect(await page.locator("main").textContent()).not.toContain("parachainStaking");
  });

  it("sets the title and description after client-side navigation, creating the meta tag if missing", async () => {
    const page = await app.open("/");
    await page.evaluate(() => document.querySelector('meta[name="description"]')?.remove());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/contact");
    await expect.poll(() => page.title()).toBe("Contact | Stake Meridian");
    const description = page.locator('meta[name="description"]');
    expect(await description.count()).toBe(1);
    expect(await description.getAttribute("content")).toBe("Report a technical issue or send feedback to Meridian.");
    await navigateInApp(page, "/fantom");
    await expect.poll(() => page.title()).toBe("Stake | Stake Meridian");
    expect(await description.getAttribute("content")).toBe("Stake Fantom with Meridian from your own wallet.");
  });
});

describe("not-found rules", () => {
  it("sends a /:network slug that is not in the registry to the not-found page", async () => {
    const page = await app.open("/dogecoin");
    await page.waitForURL("**/404");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("404 Oops! Page not found");
    expect(await page.locator("main").textContent()).toContain(
      "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.",
    );
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Stake Smarter, Earn Steadier");
  });

  it("sends a screen the network does not offer, and any unknown address, to the not-found page", async () => {
    const page = await app.open("/avalanche/reward");
    await page.waitForURL("**/404");
    await page.goto("/ethereum/nothing-here");
    await page.waitForURL("**/404");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("404 Oops! Page not found");
  });

  it('sends any address containing "undefined", loaded or navigated to, to the not-found page', async () => {
    const page = await app.open("/contact?from=undefined");
    await page.waitForURL("**/404");
    await page.goto("/");
    await navigateInApp(page, "/ethereum/reward?type=undefined");
    await page.waitForURL("**/404");
    await navigateInApp(page, "/institution-staking#undefined");
    await page.waitForURL("**/404");
    await expect.poll(() => page.locator("main h1").textContent()).toBe("404 Oops! Page not found");
  });
});
