/**
 * Captures the SSV flow's funding step (validators to add, an existing cluster's balance counted) and its
 * deposit step once the 32 ETH deposit is confirmed (the transaction as a short hash with copy), at 1280 px and
 * 360 px, light and dark, as ssv-funding-*.png and ssv-deposit-done-*.png in `<dir>`, to look at them: builds the
 * devnet app, starts the local stack, gives the owner a cluster of operators 1-4 with one validator and 2 SSV,
 * then walks the flow in Debian Chromium with the Devnet Wallet.
 * Run: `npx tsx docs/screenshots/capture-ssv.ts <dir>`.
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { type Address, parseUnits } from "viem";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { connectDevnetWallet, selectWalletAccount } from "../../tests/e2e/support/devnet-wallet.ts";
import { registerKeyshares } from "../../tests/e2e/support/register-keyshares.ts";
import { devnetKeyshares, keysharesUpload, uploadKeyshares } from "../../tests/e2e/support/ssv-flow-page.ts";
import { captureViews } from "./capture-views.ts";
import { startDevnetCapture } from "./devnet-capture.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: npx tsx docs/screenshots/capture-ssv.ts <dir>");
await mkdir(dir, { recursive: true });
const capture = await startDevnetCapture({ prefix: "ssv-screenshots-", devnetWallet: true });
const { server, browser, stack } = capture;

/** Sends the transaction under review and waits until it is mined. */
async function confirm(page: Page, done = true): Promise<void> {
  await page.getByRole("heading", { name: "Review before you sign" }).waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: "Confirm in wallet" }).click();
  await page.getByRole("heading", { name: "Transaction confirmed" }).waitFor({ timeout: 30_000 });
  if (done) await page.getByRole("button", { name: "Done" }).click();
}

try {
  const owner = stack.devnet.ethereum.accounts[1] as Address;
  const chain = stack.devnet.ethereum as unknown as TestChain;
  const first = await devnetKeyshares(owner, 0, 1);
  const [entry] = first.entries;
  if (!entry) throw new Error("no keyshares");
  await registerKeyshares(chain, owner, entry, parseUnits("2", 18));
  await stack.indexNow();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url });
  await stack.forward(context);
  const page = await context.newPage();
  await page.goto("/ethereum/ssv/operators");
  await page.getByRole("heading", { name: "Select operators", exact: true }).waitFor();
  await selectWalletAccount(page, owner);
  await connectDevnetWallet(page);
  for (const id of [1, 2, 3, 4]) await page.getByRole("checkbox", { name: `Operator ${id}`, exact: true }).check();
  await page.getByText(/You already have a cluster with operators 1, 2, 3, 4/).waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: "90 days" }).check();
  await page.getByRole("textbox", { name: "Validators to add" }).fill("2");
  await page.getByRole("heading", { name: /^To deposit:/ }).waitFor();
  await captureViews(page, dir, "ssv-funding");

  await page.getByRole("textbox", { name: "Validators to add" }).fill("1");
  await page.getByRole("button", { name: "Continue" }).click();
  const second = await devnetKeyshares(owner, 1, 1);
  await uploadKeyshares(page, [keysharesUpload("keyshares-1.json", second.entries)]);
  await page.getByText("1 validator checked and ready to register.").waitFor({ timeout: 30_000 });
  await page.getByRole("link", { name: "Continue" }).click();
  await page.getByRole("link", { name: "Continue" }).click();
  await page.getByRole("button", { name: /^Approve/ }).click();
  await confirm(page);
  await page.getByRole("button", { name: "Register 1 validator" }).click();
  await confirm(page);
  await stack.indexNow(); // the registration indexed, so the step shows the cluster's runway
  await page.getByLabel("Deposit data file").setInputFiles([
    {
      name: "deposit_data.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(second.depositData)),
    },
  ]);
  await confirm(page, false);
  await page.getByText("The 32 ETH deposit for 1 validator is confirmed.").waitFor();
  await captureViews(page, dir, "ssv-deposit-done");
} finally {
  await capture.close();
}
