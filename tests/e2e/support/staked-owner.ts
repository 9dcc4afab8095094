import type { Address, Hex } from "viem";
import { stakeThroughContract } from "./beacon-validators.ts";
import type { LocalStack } from "./local-stack.ts";

/** Stakes `validators` 0x01 validators for `owner` in one transaction; resolves with its hash once mined. */
export async function stakeOwnerValidators(stack: LocalStack, owner: Address, validators: number): Promise<Hex> {
  const { hash } = await stakeThroughContract(
    stack,
    owner,
    { credentialType: "0x01", validatorCount: validators },
    `e2e-stake-${owner}-${validators}`,
  );
  return hash;
}

/**
 * Moves the devnet chain forward `days` days, one at a time, and has the indexer record each (its consensus
 * stand-in follows the chain's clock), so every day gets exactly one row of rewards.
 */
export async function passDays(stack: LocalStack, days: number): Promise<void> {
  const client = stack.devnet.ethereum.client;
  for (let day = 0; day < days; day++) {
    await client.increaseTime({ seconds: 24 * 3600 });
    await client.mine({ blocks: 1 });
    await stack.indexNow();
  }
}
