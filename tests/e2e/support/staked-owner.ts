import { type Address, type Hex, parseEther } from "viem";
import { ethStakingAbi } from "../../../contracts/generated/index.ts";
import { ethStakingAddress } from "../../../devnet/addresses.ts";
import { fetchDepositData } from "./beacon-validators.ts";
import type { LocalStack } from "./local-stack.ts";

/**
 * Stakes `validators` 0x01 validators for `owner` the way the app does: deposit data from the real server
 * (POST /deposit-data), then one EthStaking `stake` call from the owner's dev account paying 32 ETH plus the
 * contract's service fee each. Resolves with the transaction hash once it is mined; throws if either step fails.
 */
export async function stakeOwnerValidators(stack: LocalStack, owner: Address, validators: number): Promise<Hex> {
  const depositData = await fetchDepositData(stack, owner, {
    credentialType: "0x01",
    validatorCount: validators,
    idempotencyKey: `e2e-stake-${owner}-${validators}`,
  });
  const hex = (value: string) => `0x${value}` as Hex;
  const client = stack.devnet.ethereum.client;
  const fee = await client.readContract({
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "feePerValidator",
  });
  const hash = await client.writeContract({
    account: owner,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      depositData.map((entry) => hex(entry.pubkey)),
      hex(depositData[0]?.withdrawal_credentials ?? ""),
      depositData.map((entry) => hex(entry.signature)),
      depositData.map((entry) => hex(entry.deposit_data_root)),
    ],
    value: BigInt(validators) * (parseEther("32") + fee),
    chain: null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`stake ${hash} reverted`);
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
