/**
 * Regenerates the stake review screenshots of docs/web-app.md (stake-review-{360,1280}-{light,dark}.png): builds
 * the devnet app, starts the local stack, connects the Devnet Wallet, enters a 64 ETH stake and captures the
 * review in Debian Chromium. With `--all <dir>` it also captures the other write screens there (stake details,
 * a tab refusing a stake another tab sent, pool staking, claim and its review, the unstake dialog and its review,
 * contact, a guided page), to look at
 * them.
 * Run: `npx tsx docs/screenshots/capture-flows.ts [--all <dir>]`.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { advanceEthereumClock, indexedValidators, stakeValidators } from "../../tests/e2e/support/beacon-validators.ts";
import { connectDevnetWallet, selectWalletAccount } from "../../tests/e2e/support/devnet-wallet.ts";
import { enterDetails } from "../../tests/e2e/support/eth-stake-page.ts";
import { captureViews } from "./capture-views.ts";
import { startDevnetCapture } from "./devnet-capture.ts";

const here = dirname(fileURLToPath(import.meta.url));
const allFlag = process.argv.indexOf("--all");
const allDir = allFlag >= 0 ? process.argv[allFlag + 1] : undefined;
const capture = await startDevnetCapture({ prefix: "flow-screenshots-", devnetWallet: true });
const { server, browser, stack } = capture;

async function openConnected(path: string, account?: Address): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url });
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  if (account) await selectWalletAccount(page, account);
  await connectDevnetWallet(page);
  return page;
}

try {
  const staker = stack.devnet.ethereum.accounts[1] as Address;
  const stake = await openConnected("/ethereum", staker);
  await stake.getByRole("heading", { name: "Enter staking details" }).waitFor();
  await stake.getByText(/^Wallet balance:/).waitFor();
  if (allDir) {
    await mkdir(allDir, { recursive: true });
    await captureViews(stake, allDir, "stake-details");
  }
  await enterDetails(stake, "0x01", "64");
  await stake.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 60_000 });
  await stake.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await captureViews(stake, here, "stake-review");

  if (allDir) {
    // Another tab of the same browser reviews the same validators; once the first sends them, it refuses.
    const otherTab = await stake.context().newPage();
    await otherTab.goto("/ethereum");
    await otherTab.getByRole("heading", { name: "Enter staking details" }).waitFor({ timeout: 30_000 });
    await enterDetails(otherTab, "0x01", "64");
    await otherTab.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 60_000 });
    await stake.getByRole("button", { name: "Confirm in wallet" }).click();
    await otherTab.getByRole("heading", { name: "This stake was not sent" }).waitFor({ timeout: 60_000 });
    await captureViews(otherTab, allDir, "duplicate-refusal");

    const owner = stack.devnet.ethereum.accounts[0] as Address;
    await stakeValidators(stack, owner, "34");
    await advanceEthereumClock(stack, 60);
    await stack.indexNow();
    for (;;) {
      const statuses = (await indexedValidators(stack, owner)).map((validator) => validator.status);
      if (statuses.length > 0 && statuses.every((status) => status === "active_ongoing")) break;
      await advanceEthereumClock(stack, 10);
      await stack.indexNow();
    }
    const validators = await openConnected("/ethereum/validator", owner);
    await validators
      .getByRole("button", { name: /^Unstake Validator \d+$/ })
      .first()
      .click();
    await validators
      .getByRole("dialog")
      .getByText(/^Request fee:/)
      .waitFor();
    await captureViews(validators, allDir, "unstake-dialog");
    await validators.getByRole("dialog").getByRole("button", { name: "Review request" }).click();
    await validators.getByRole("heading", { name: "Review before you sign" }).waitFor();
    await captureViews(validators, allDir, "unstake-review");

    const claim = await openConnected("/ethereum/claim", owner);
    await claim.getByRole("region", { name: "Rewards to claim" }).getByText(/ETH/).first().waitFor();
    await captureViews(claim, allDir, "claim");
    const claimButton = claim.getByRole("button", { name: /^Claim / });
    if (await claimButton.isEnabled()) {
      await claimButton.click();
      await claim.getByRole("heading", { name: "Review before you sign" }).waitFor();
      await captureViews(claim, allDir, "claim-review");
    }

    const pool = await openConnected("/conflux/espace/staking");
    await pool.getByRole("button", { name: "Switch to Conflux eSpace Devnet" }).click();
    await pool.getByRole("textbox", { name: "Amount to stake (CFX)" }).waitFor();
    await captureViews(pool, allDir, "pool-stake");

    const contact = await stake.context().newPage();
    await contact.goto("/contact");
    await contact.getByRole("button", { name: "Submit" }).click();
    await contact.getByText("Enter your name.").waitFor();
    await captureViews(contact, allDir, "contact");

    const guided = await openConnected("/fantom");
    await guided.getByRole("region", { name: /to delegate to on Fantom/ }).waitFor();
    await captureViews(guided, allDir, "guided");
  }
} finally {
  await capture.close();
}
