import type { BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import type { AppUnderTest } from "./app-under-test.ts";
import { connectDevnetWallet, selectWalletAccount } from "./devnet-wallet.ts";
import type { LocalStack } from "./local-stack.ts";

export interface StakePage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** JSON-RPC methods the Devnet Wallet (or anything in the page) sent as eth_sendTransaction, in order. */
  readonly sentTransactions: string[];
}

/**
 * Opens /ethereum in a fresh context forwarded to the stack, makes `account` the Devnet Wallet's account and
 * connects it. Every eth_sendTransaction that leaves the page is recorded, so a test can assert the wallet
 * sent nothing.
 */
export async function openStakePage(app: AppUnderTest, stack: LocalStack, account: Address): Promise<StakePage> {
  const context = await app.newContext();
  await stack.forward(context);
  const sentTransactions: string[] = [];
  context.on("request", (request) => {
    const body = request.postData();
    if (body?.includes('"eth_sendTransaction"')) sentTransactions.push(body);
  });
  const page = await context.newPage();
  await page.goto("/ethereum");
  await page.getByRole("heading", { name: "Stake Ethereum", exact: true }).waitFor();
  await selectWalletAccount(page, account);
  await connectDevnetWallet(page);
  await page.getByRole("heading", { name: "Enter staking details" }).waitFor();
  return { context, page, sentTransactions };
}

/** Fills the details step and asks for deposit data. */
export async function enterDetails(page: Page, type: "0x01" | "0x02", amount: string): Promise<void> {
  await page.getByRole("radio", { name: type === "0x01" ? /^0x01/ : /^0x02/ }).check();
  await page.getByRole("textbox", { name: "Amount (ETH)" }).fill(amount);
  await page.getByRole("button", { name: "Generate deposit data" }).click();
}

/** Moves the Devnet Wallet to another of its chains, as a user would in the wallet. */
export function switchWalletChain(page: Page, chainId: number): Promise<unknown> {
  return page.evaluate(
    (id) =>
      (
        window as unknown as {
          devnetWallet: { request(args: { method: string; params: unknown[] }): Promise<unknown> };
        }
      ).devnetWallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${id.toString(16)}` }] }),
    chainId,
  );
}
