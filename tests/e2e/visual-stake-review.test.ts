import type { Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, it } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { expectScreenshot, LOOKS, showAs } from "./support/visual.ts";

const app = setUpAppUnderTest();
let stack: LocalStack;
let page: Page;
beforeAll(async () => {
  stack = await startLocalStack();
  // A connected Devnet Wallet through the details step to the review of two 0x01 validators.
  ({ page } = await openStakePage(app, stack, stack.devnet.ethereum.accounts[6] as Address));
  await enterDetails(page, "0x01", "64");
  await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 60_000 });
  await page.getByText(/^In about .+, from epoch \d+/).waitFor({ timeout: 20_000 });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe("stake review looks as recorded", () => {
  it.each(LOOKS)("in $theme at $width px", async (look) => {
    await showAs(page, look);
    // The fee follows the devnet's gas price and the deposit keys are new each run: masked.
    // So do the activation estimate's epoch and wait.
    const varying = page.getByText(/up to [0-9.]+ ETH|0x[0-9a-f]{64,}|^In about .+, from epoch \d+/i);
    await expectScreenshot(page, `stake-review-${look.theme}-${look.width}`, [varying]);
  });
});
