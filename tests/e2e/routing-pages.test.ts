import { describe, expect, it } from "vitest";
import { families } from "../../src/families/index.ts";
import { networksInHomeOrder } from "../../src/generated/index.ts";
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

  it("states Manta's minimum as the chain parameter's configured value, with the parameter's name", async () => {
    const page = await app.open("/manta");
    const facts = page.locator(".facts li");
    await expect
      .poll(() => facts.allTextContents())
      .toContain("Minimum stake: 500 MANTA, set by the chain's parachainStaking.minDelegation (can change)");
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

/** The generic dashboard screen, shown where a network's family offers no screen of its own. */
const GENERIC = "Not available in this version yet.";

/**
 * Every generic route of every live network (and part) of the devnet build, with the family serving it, the
 * heading and a text only that family's screen shows (Staking is the generic dashboard for the families that
 * have none of their own; Lava is coming soon, so its stake page is the generic one).
 */
const FAMILY_SCREENS: [path: string, family: string, heading: string, shows: string][] = [
  [
    "/ethereum",
    "ethereum-beacon",
    "Stake Ethereum",
    "Run your own validators with Meridian: the provider operates them, and every withdrawal goes to your own address.",
  ],
  [
    "/ethereum/reward",
    "ethereum-beacon",
    "Ethereum · Reward",
    "The rewards of an address, recorded by our server once a day",
  ],
  [
    "/ethereum/validator",
    "ethereum-beacon",
    "Ethereum · Validator",
    "Validators deposited from an address: their index, public key, status and balance.",
  ],
  [
    "/ethereum/claim",
    "ethereum-beacon",
    "Ethereum · Claim",
    "Execution-layer rewards (priority fees and MEV) of your validators collect in the provider's claim contract",
  ],
  [
    "/ethereum/operation",
    "ethereum-beacon",
    "Ethereum · Operation",
    "Stakes, reward claims and unstake requests of an address, newest first",
  ],
  ["/ethereum/staking", "ethereum-beacon", "Ethereum · Staking", "Your ETH staking on Ethereum at a glance"],
  ["/conflux/espace/staking", "delegation-pool", "Stake CFX on Conflux eSpace", "The pool"],
  ["/conflux/espace/dashboard", "delegation-pool", "Conflux eSpace dashboard", "CFX staking performance"],
  ["/avalanche", "guided", "Stake Avalanche", "Delegation with Meridian is not open on Avalanche yet"],
  ["/avalanche/staking", "guided", "Avalanche · Staking", "Your AVAX staking on Avalanche at a glance"],
  ["/manta", "guided", "Stake Manta", "Delegation with Meridian is not open on Manta yet"],
  ["/manta/staking", "guided", "Manta · Staking", "Your MANTA staking on Manta at a glance"],
  ["/fantom", "guided", "Stake Fantom", "Delegation with Meridian is not open on Fantom yet"],
  ["/fantom/staking", "guided", "Fantom · Staking", "Your FTM staking on Fantom at a glance"],
  ["/cosmos", "guided", "Stake Cosmos", "Delegation with Meridian is not open on Cosmos yet"],
  ["/cosmos/staking", "guided", "Cosmos · Staking", "Your ATOM staking on Cosmos at a glance"],
  ["/conflux", "guided", "Stake Conflux", "Delegation with Meridian is not open on Conflux yet"],
  ["/conflux/staking", "guided", "Conflux · Staking", "Your CFX staking on Conflux at a glance"],
  ["/lava", "guided", "Stake Lava", "Staking on Lava is coming soon; this page will open when it is ready."],
  ["/lava/staking", "guided", "Lava · Staking", "Your LAVA staking on Lava at a glance"],
];

/** The generic routes config gives each network and part: stake, dashboard, and the dashboard screens it lists. */
function genericRoutesOfTheBuild(): [path: string, family: string][] {
  return networksInHomeOrder.flatMap((network) => [
    [`/${network.slug}`, network.family] as [string, string],
    [`/${network.slug}/staking`, network.family] as [string, string],
    ...network.screens
      .filter((screen) => screen !== "stake" && screen !== "ssv")
      .map((screen): [string, string] => [`/${network.slug}/${screen}`, network.family]),
    ...(network.subNetworks ?? []).flatMap((part): [string, string][] => [
      [`/${network.slug}/${part.id}/staking`, part.family],
      [`/${network.slug}/${part.id}/dashboard`, part.family],
    ]),
  ]);
}

describe("generic screens from the family registry", () => {
  it("covers every registered family and every generic route of the build", () => {
    expect(FAMILY_SCREENS.map(([path, family]) => [path, family]).sort()).toEqual(genericRoutesOfTheBuild().sort());
    expect([...new Set(FAMILY_SCREENS.map(([, family]) => family))].sort()).toEqual(Object.keys(families).sort());
  });

  it("renders each route with its family's screen, never a blank page or another family's", async () => {
    const page = await app.open("/");
    for (const [path, , heading, shows] of FAMILY_SCREENS) {
      await page.goto(path);
      await expect.poll(() => page.locator("main h1").first().textContent(), { message: path }).toBe(heading);
      await expect.poll(() => page.locator("main").textContent(), { message: path }).toContain(shows);
      expect(await page.locator("main").textContent(), path).not.toContain(GENERIC);
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });

  it("sends a part the network does not have to the not-found page, and a part's own address to its stake screen", async () => {
    const page = await app.open("/conflux/nospace/staking");
    await page.waitForURL("**/404");
    await page.goto("/conflux/espace");
    await page.waitForURL("**/conflux/espace/staking");
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe("Stake CFX on Conflux eSpace");
    const description = page.locator('meta[name="description"]');
    expect(await description.getAttribute("content")).toBe(
      "Stake CFX on Conflux eSpace with Meridian from your own wallet.",
    );
    await navigateInApp(page, "/conflux/espace/dashboard");
    await expect.poll(() => page.title()).toBe("Dashboard | Stake Meridian");
    expect(await description.getAttribute("content")).toBe(
      "CFX staking performance and validator status on Conflux eSpace.",
    );
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
