import { type Address, type Hex, parseUnits } from "viem";
import { setCode } from "viem/actions";
import {
  devnetSpamAbi,
  devnetSpamDeployedBytecode,
  devnetTokenDeployedBytecode,
  devnetUsdDeployedBytecode,
} from "../contracts/generated/index.ts";
import type { DevnetClient } from "./devnet-client.ts";

export interface DevnetToken {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  readonly bytecode: Hex;
}

/**
 * The devnet's ERC-20 tokens at fixed addresses (the last 20 bytes of keccak256("stake-app devnet <Contract>"),
 * like the other devnet contracts): a 6-decimals stablecoin, an 18-decimals token and a 0-decimals spam token.
 * networks/ethereum.json lists the same addresses in its devnet environment's tokens (a test checks it).
 */
export const devnetTokens = {
  usd: {
    address: "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7",
    symbol: "dUSD",
    decimals: 6,
    bytecode: devnetUsdDeployedBytecode,
  },
  token: {
    address: "0x8F8e11450d13b827d08783fA92187eD9d67A4da1",
    symbol: "DVT",
    decimals: 18,
    bytecode: devnetTokenDeployedBytecode,
  },
  spam: {
    address: "0xbb230B81bBcB73a9BCedba2889e43292F322CC2f",
    symbol: "SPAM",
    decimals: 0,
    bytecode: devnetSpamDeployedBytecode,
  },
} as const satisfies Record<string, DevnetToken>;

/** What the seeding gives dev account 0 (it receives these, then sends SEEDED_USD_SENT dUSD to dev account 1). */
export const SEEDED_USD_RECEIVED = parseUnits("2500", 6);
export const SEEDED_USD_SENT = parseUnits("125.5", 6);
export const SEEDED_TOKEN_RECEIVED = parseUnits("40", 18);
export const SEEDED_SPAM_RECEIVED = 1000n;

/**
 * Installs the tokens and seeds activity: the provider mints dUSD and DVT and sends some to dev account 0,
 * dev account 0 sends dUSD to dev account 1, and dev account 8 mints SPAM and sends it to dev account 0 unasked.
 * Same addresses, balances and transfers on every fresh chain.
 */
export async function installTokens(
  client: DevnetClient,
  provider: Address,
  accounts: readonly Address[],
): Promise<void> {
  const [holder, friend, spammer] = [accounts[0], accounts[1], accounts[8]];
  if (!holder || !friend || !spammer) throw new Error("devnet: token seeding needs dev accounts 0, 1 and 8");
  for (const token of Object.values(devnetTokens)) {
    await setCode(client, { address: token.address, bytecode: token.bytecode });
  }
  // Every token shares the DevnetErc20 ABI; the spam token's is used for all.
  const send = async (from: Address, address: Address, functionName: "mint" | "transfer", args: [Address, bigint]) => {
    const hash = await client.writeContract({ account: from, address, abi: devnetSpamAbi, functionName, args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`devnet: ${functionName} on token ${address} failed`);
  };
  const { usd, token, spam } = devnetTokens;
  await send(provider, usd.address, "mint", [provider, parseUnits("1000000", usd.decimals)]);
  await send(provider, token.address, "mint", [provider, parseUnits("1000", token.decimals)]);
  await send(provider, usd.address, "transfer", [holder, SEEDED_USD_RECEIVED]);
  await send(provider, token.address, "transfer", [holder, SEEDED_TOKEN_RECEIVED]);
  await send(holder, usd.address, "transfer", [friend, SEEDED_USD_SENT]);
  await send(spammer, spam.address, "mint", [spammer, SEEDED_SPAM_RECEIVED * 10n]);
  await send(spammer, spam.address, "transfer", [holder, SEEDED_SPAM_RECEIVED]);
}
