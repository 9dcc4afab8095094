import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";

const app = setUpAppUnderTest();
// Pages read the devnet chains and the staking server: run them for real, so every page shows its content.
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
});
afterAll(async () => {
  await stack?.stop();
});

const TOP_LEVEL_PAGES = [
  "/",
  "/404",
  "/contact",
  "/institution-staking",
  "/ethereum",
  "/lava",
  "/avalanche",
  "/cosmos",
  "/ethereum/reward",
  // Dashboard screens with data: dev account 1 is credited execution rewards when the devnet starts.
  "/ethereum/reward?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "/ethereum/operation?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "/ethereum/staking?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "/ethereum/ssv/operators",
  "/conflux/espace/staking",
  "/conflux/espace/dashboard",
];

describe.each([
  ["a 360 px phone", 360, 740],
  ["a desktop", 1280, 800],
])("on %s", (_name, width, height) => {
  it("every top-level page fits the width, logs no error and has no serious or critical axe finding", async () => {
    const context = await app.newContext({ width, height });
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto("/");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of TOP_LEVEL_PAGES) {
      await page.goto(path);
      await page.locator("main h1").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});

describe("home page weight", () => {
  it("loads a bounded amount of JavaScript (gzip, as the browser received it)", async () => {
    const page = await app.open("/");
    await page.waitForLoadState("load");
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
    expect(total / 1024).toBeLessThan(160);
  });
});
