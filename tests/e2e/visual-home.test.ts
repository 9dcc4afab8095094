import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { expectScreenshot, LOOKS, showAs } from "./support/visual.ts";

const app = setUpAppUnderTest();
// The hero's live figures come from the staking server: run it for real.
let stack: LocalStack;
let page: Page;
beforeAll(async () => {
  stack = await startLocalStack();
  const context = await app.newContext();
  await stack.forward(context);
  page = await context.newPage();
  // The calculator dates its estimate today: a fixed day keeps the picture the same from run to run.
  await page.clock.setFixedTime(new Date("2026-11-01T12:00:00Z"));
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe("home page looks as recorded", () => {
  it.each(LOOKS)("in $theme at $width px", async (look) => {
    await showAs(page, look);
    // Measured rates follow the devnet's clock: their figures are masked, the layout around them is not.
    const rates = page.locator("main dd").filter({ hasText: /%/ });
    await expectScreenshot(page, `home-${look.theme}-${look.width}`, [rates]);
  });
});
