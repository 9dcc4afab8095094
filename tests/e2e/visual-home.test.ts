import type { Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { passDays, stakeOwnerValidators } from "./support/staked-owner.ts";
import { expectScreenshot, LOOKS, showAs } from "./support/visual.ts";

const app = setUpAppUnderTest();
// The hero's live figures come from the staking server: run it for real, with two days of rewards measured.
let stack: LocalStack;
let page: Page;
beforeAll(async () => {
  stack = await startLocalStack({ indexerIntervalMs: 3_600_000 });
  await stakeOwnerValidators(stack, stack.devnet.ethereum.accounts[5] as Address, 1);
  await stack.indexNow();
  await passDays(stack, 2);
  const context = await app.newContext();
  await stack.forward(context);
  page = await context.newPage();
  // The calculator dates its estimate today: a fixed day keeps the picture the same from run to run.
  await page.clock.setFixedTime(new Date("2026-11-01T12:00:00Z"));
  await page.goto("/");
  await page.locator("main h1").first().waitFor();
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe("home page looks as recorded", () => {
  it.each(LOOKS)("in $theme at $width px", async (look) => {
    await showAs(page, look);
    // Measured rates and staked totals (balances with their rewards) follow the devnet's clock, and so do the
    // calculator's rate and estimates: masked.
    const rates = page.locator("main dd").filter({ hasText: /%/ });
    const staked = page.locator('main [data-field="staked"] dd');
    const calculator = page.locator("#calculator");
    // The calculator's form loads as it nears the screen: brought there first, as a visitor scrolling would.
    await calculator.scrollIntoViewIfNeeded();
    await calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }).waitFor();
    const estimate = [calculator.getByRole("textbox", { name: "Annual rate (APR, %)" }), calculator.locator("dd")];
    await expectScreenshot(page, `home-${look.theme}-${look.width}`, [rates, staked, ...estimate]);
  });
});
