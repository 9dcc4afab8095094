import type { BrowserContext, Page } from "playwright-core";
import type { Address } from "viem";
import { createDevnetKeyshares } from "../../../devnet/ssv/create-devnet-keyshares.ts";
import { readDevnetOperators } from "../../../devnet/ssv/devnet-operators.ts";
import { keysharesFileJson } from "../../../devnet/ssv/keyshares-file-json.ts";
import type { KeysharesEntry } from "../../../src/core/ssv/keyshares-file.ts";
import type { AppUnderTest } from "./app-under-test.ts";
import { connectDevnetWallet, selectWalletAccount } from "./devnet-wallet.ts";
import type { LocalStack } from "./local-stack.ts";

export interface SsvPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every eth_sendTransaction that left the page, in order: a refused step must leave this empty. */
  readonly sentTransactions: string[];
}

/** Opens the SSV flow's first step with `account` connected in the Devnet Wallet. */
export async function openSsvFlow(app: AppUnderTest, stack: LocalStack, account: Address): Promise<SsvPage> {
  const context = await app.newContext();
  await stack.forward(context);
  const sentTransactions: string[] = [];
  context.on("request", (request) => {
    const body = request.postData();
    if (body?.includes('"eth_sendTransaction"')) sentTransactions.push(body);
  });
  const page = await context.newPage();
  await page.goto("/ethereum/ssv/operators");
  await page.getByRole("heading", { name: "Select operators", exact: true }).waitFor();
  await selectWalletAccount(page, account);
  await connectDevnetWallet(page);
  return { context, page, sentTransactions };
}

/** Ticks the operators' boxes in the table (all 8 devnet operators are on its first page). */
export async function pickOperators(page: Page, ids: readonly number[]): Promise<void> {
  for (const id of ids) await page.getByRole("checkbox", { name: `Operator ${id}`, exact: true }).check();
}

const operators = readDevnetOperators();

/**
 * What `npm run ssv:keyshares` makes: keyshares entries for `count` validators from `nonce` for these operators,
 * and the validators' 32 ETH deposit data (0x01, withdrawals to the owner).
 */
export function devnetKeyshares(
  owner: Address,
  nonce: number,
  count: number,
  operatorIds: readonly number[] = [1, 2, 3, 4],
) {
  const chosen = operators.filter((operator) => operatorIds.includes(operator.id));
  return createDevnetKeyshares({
    owner,
    nonce,
    count,
    operators: chosen,
    withdrawalAddress: owner,
    credentials: "0x01",
  });
}

/** Only the keyshares entries of devnetKeyshares. */
export async function keysharesEntries(
  owner: Address,
  nonce: number,
  count: number,
  operatorIds: readonly number[] = [1, 2, 3, 4],
): Promise<KeysharesEntry[]> {
  return (await devnetKeyshares(owner, nonce, count, operatorIds)).entries;
}

/** A file for Playwright's setInputFiles: the keyshares file the generator writes for these entries. */
export function keysharesUpload(name: string, entries: readonly KeysharesEntry[], text = keysharesFileJson(entries)) {
  return { name, mimeType: "application/json", buffer: Buffer.from(text) };
}

/** Hands files to the upload step's file input, as a user choosing them would. */
export async function uploadKeyshares(page: Page, files: readonly ReturnType<typeof keysharesUpload>[]): Promise<void> {
  await page.locator("input[type=file]").setInputFiles([...files]);
}
