import type { Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { passDays, stakeOwnerValidators } from "./support/staked-owner.ts";
import { expectScreenshot, LOOKS, showAs } from "./support/visual.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
let page: Page;
beforeAll(async () => {
  // Two validators earning for twelve days: a full summary, chart and history table (as rewards.test.ts).
  stack = await startLocalStack({ indexerIntervalMs: 3_600_000 });
  const owner = stack.devnet.ethereum.accounts[5] as Address;
  await stakeOwnerValidators(stack, owner, 2);
  await stack.indexNow();
  await passDays(stack, 12);
  const context = await app.newContext();
  await stack.forward(context);
  page = await context.newPage();
  await page.goto(`/ethereum/reward?address=${owner}`);
  await page.locator("main h1").first().waitFor();
  await page.locator("main table tbody tr").first().waitFor({ timeout: 30_000 });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe("rewards screen looks as recorded", () => {
  it.each(LOOKS)("in $theme at $width px", async (look) => {
    await showAs(page, look);
    // Amounts and days follow the devnet's clock (the day the test runs): masked; the layout is compared.
    const figures = page.locator("main dd, main td, main tbody th").filter({ hasText: /\d/ });
    const chart = page.getByRole("img", { name: /rewards/i });
    const dated = page
      .locator("main")
      .getByText(/\d{2}-\d{2}-\d{2}/)
      .filter({ hasNotText: /for example/ });
    await expectScreenshot(page, `rewards-${look.theme}-${look.width}`, [figures, chart, dated]);
  });
});
