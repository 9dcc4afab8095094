import type { Address, Hex } from "viem";
import { ethStakingAbi } from "../../../contracts/generated/index.ts";
import { ethStakingAddress } from "../../../devnet/addresses.ts";
import type { DepositDataEntry } from "../../../src/lib/deposit/index.ts";
import type { LocalStack } from "./local-stack.ts";

/**
 * Stakes `validators` validators for `owner` the way the app does: deposit data from the real server
 * (POST /deposit-data), then one EthStaking `stake` call from the owner's dev account. Resolves with the
 * transaction hash once it is mined; throws if either step fails.
 */
export async function stakeValidators(stack: LocalStack, owner: Address, validators: number): Promise<Hex> {
  const response = await fetch(`${stack.apiUrl}/deposit-data`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      owner,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: validators,
      idempotencyKey: `e2e-stake-${owner}-${validators}`,
    }),
  });
  if (response.status !== 201) throw new Error(`POST /deposit-data answered ${response.status}`);
  const { depositData } = (await response.json()) as { depositData: DepositDataEntry[] };
  const hex = (value: string) => `0x${value}` as Hex;
  const client = stack.devnet.ethereum.client;
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
    value: BigInt(validators) * 32n * 10n ** 18n,
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
