import type { Locator, Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpAppUnderTest } from "./support/app-under-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { advanceEthereumClock, indexedValidators, stakeValidators } from "./support/beacon-validators.ts";
import { connectDevnetWallet } from "./support/devnet-wallet.ts";
import { enterDetails, openStakePage } from "./support/eth-stake-page.ts";
import { type LocalStack, startLocalStack } from "./support/local-stack.ts";
import { showAs, type Theme } from "./support/visual.ts";

/** axe on the states a route reaches only through a flow: the stake review step and an open unstake dialog. */
const app = setUpAppUnderTest();
let stack: LocalStack;
let owner: Address;
beforeAll(async () => {
  stack = await startLocalStack();
  owner = stack.devnet.ethereum.accounts[0] as Address;
  await stakeValidators(stack, owner, "34");
  // The beacon stand-in activates a deposit ~20 s of its clock after it; its clock follows anvil's.
  await advanceEthereumClock(stack, 60);
  await vi.waitFor(
    async () => {
      const statuses = (await indexedValidators(stack, owner)).map((validator) => validator.status);
      if (statuses.join() !== "active_ongoing,active_ongoing") throw new Error(`statuses ${statuses.join()}`);
    },
    { timeout: 30_000, interval: 250 },
  );
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const THEMES: readonly Theme[] = ["light", "dark"];

/** The page's serious and critical axe findings in each theme, at a phone's and a desktop's width, `shown` kept open. */
async function findingsInEveryLook(page: Page, shown: Locator): Promise<string[]> {
  const findings: string[] = [];
  for (const theme of THEMES) {
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      await showAs(page, { theme, width, height });
      expect(await shown.isVisible(), `${theme} ${width} px`).toBe(true);
      findings.push(...(await seriousViolations(page)).map((finding) => `${theme} ${width} px: ${finding}`));
    }
  }
  return findings;
}

describe("steps reached through a flow", () => {
  it("the stake review has no serious or critical axe finding in light or dark", async () => {
    const { page } = await openStakePage(app, stack, stack.devnet.ethereum.accounts[7] as Address);
    await enterDetails(page, "0x01", "32");
    const review = page.getByRole("heading", { name: "Review before you sign" });
    await review.waitFor({ timeout: 60_000 });
    expect(await findingsInEveryLook(page, review)).toEqual([]);
  });

  it("an open unstake dialog has no serious or critical axe finding in light or dark", async () => {
    const context = await app.newContext();
    await stack.forward(context);
    const page = await context.newPage();
    await page.goto(`/ethereum/validator?address=${owner}`);
    await page.locator("main h1").first().waitFor();
    await connectDevnetWallet(page);
    const opener = page.getByRole("button", { name: /^Unstake Validator \d+$/ }).first();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /^Unstake Validator \d+$/ });
    await expect.poll(() => dialog.textContent()).toContain("Request fee:");
    expect(await findingsInEveryLook(page, dialog)).toEqual([]);
  });
});
