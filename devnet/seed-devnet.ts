import { type Address, parseEther } from "viem";
import { delegationPoolAbi } from "../contracts/generated/index.ts";
import { delegationPoolAddress } from "./addresses.ts";
import type { DevnetClient } from "./devnet-client.ts";

/** CFX the devnet puts in the pool's interest reserve. */
export const SEEDED_POOL_RESERVE = parseEther("10000");

/** Funds the pool's interest reserve from the provider account. */
export async function seedPoolReserve(client: DevnetClient, provider: Address): Promise<void> {
  const hash = await client.writeContract({
    account: provider,
    address: delegationPoolAddress,
    abi: delegationPoolAbi,
    functionName: "fundInterest",
    value: SEEDED_POOL_RESERVE,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error("devnet: funding the pool's interest reserve failed");
}
