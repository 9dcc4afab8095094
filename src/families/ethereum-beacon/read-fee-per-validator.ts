import type { Address, PublicClient } from "viem";
import { ethStakingAbi } from "./stake-call.ts";

/** The service fee per validator, in wei, that the batch staking contract charges now. */
export function readFeePerValidator(client: Pick<PublicClient, "readContract">, contract: Address): Promise<bigint> {
  return client.readContract({ address: contract, abi: ethStakingAbi, functionName: "feePerValidator" });
}
