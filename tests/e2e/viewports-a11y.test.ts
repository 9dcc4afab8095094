import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networksInHomeOrder } from "../../src/generated/index.ts";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { settle } from "./support/visual.ts";

const app = setUpAppUnderTest();
// Pages read the devnet chains and the staking server: run them for real, so every page shows its content.
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Dev account 1: credited execution rewards when the devnet starts, so dashboard screens show data. */
const WITH_DATA = "?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SSV_STEPS = ["operators", "funding-period", "upload-files", "validator-detail", "deposit"];

/** Every route of src/app/routes.tsx: the fixed pages, then each network's page and every screen it offers. */
const EVERY_ROUTE = [
  "/",
  "/404",
  "/no-such-page",
  "/contact",
  "/institution-staking",
  "/conflux/espace/staking",
  "/conflux/espace/dashboard",
  ...networksInHomeOrder.flatMap((network) => [
    `/${network.slug}`,
    `/${network.slug}/staking${WITH_DATA}`,
    ...network.screens.flatMap((screen) => {
      if (screen === "stake") return [];
      if (screen === "ssv") return SSV_STEPS.map((step) => `/${network.slug}/ssv/${step}`);
      return [`/${network.slug}/${screen}`, `/${network.slug}/${screen}${WITH_DATA}`];
    }),
  ]),
];

describe.each([
  ["a 360 px phone", 360, 740],
  ["a desktop", 1280, 800],
])("on %s", (_name, width, height) => {
  it.each(["light", "dark"] as const)(
    "every route fits the width, logs no error and has no serious or critical axe finding, in %s",
    async (theme) => {
      expect(EVERY_ROUTE).toContain("/ethereum/ssv/deposit");
      expect(EVERY_ROUTE).toContain("/manta");
      const context = await app.newContext({ width, height });
      await stack.forward(context);
      await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: theme });
      await page.goto("/");
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const findings: string[] = [];
      for (const path of EVERY_ROUTE) {
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe(theme);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
        findings.push(...(await seriousViolations(page)).map((finding) => `${path}: ${finding}`));
      }
      expect(findings).toEqual([]);
      expect(errors).toEqual([]);
    },
    120_000,
  );
});

describe("home page weight", () => {
  it("loads a bounded amount of JavaScript (gzip, as the browser received it)", async () => {
    const page = await app.open("/");
    await page.waitForLoadState("load");
    // Every script the page requests on its own: the wallet modal's code loads only when the visitor reaches for
    // the Connect button, so waiting for the network to settle counts everything the home page loads.
    await page.waitForLoadState("networkidle");
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize })),
    );
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const largest = scripts.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    console.info(
      `home page JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files; largest ${largest.name} ${(largest.bytes / 1024).toFixed(1)} KB`,
    );
    expect(scripts.length).toBeGreaterThan(1);
    expect(total).toBeGreaterThan(0);
    // Issue 15: the home page's JavaScript stays within 160 KiB gzip, lazily loaded files included (see
    // docs/web-app.md, "Design system").
    const heaviest = [...scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((script) => `${script.name} ${(script.bytes / 1024).toFixed(1)} KB`)
      .join(", ");
    expect(total / 1024, `home page JS over budget; heaviest files: ${heaviest}`).toBeLessThanOrEqual(160);
  });
});
