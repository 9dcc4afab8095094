import { type Address, type Hex, parseGwei } from "viem";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import type { DepositDataEntry } from "../../core/deposit/index.ts";
import { ethStakingAbi } from "./stake-call.ts";
import { InconsistentStakeError } from "./stake-input-error.ts";

const hex = (value: string): Hex => `0x${value}`;

/**
 * Stakes one compounding (0x02) validator: `stakeCompounding(pubkey, withdrawalCredentials, signature,
 * depositDataRoot, amount)` paying amount + fee. Refuses other credentials and amounts outside
 * [minimumWei, maximumWei] (the deposit's amount is whole gwei by construction).
 */
export function buildStakeCompounding(input: {
  readonly contract: Address;
  readonly deposit: DepositDataEntry;
  readonly minimumWei: bigint;
  readonly maximumWei: bigint;
  readonly feePerValidatorWei: bigint;
}): ContractCall {
  const { contract, deposit, minimumWei, maximumWei, feePerValidatorWei } = input;
  if (!deposit.withdrawal_credentials.startsWith("02"))
    throw new InconsistentStakeError("stakeCompounding() takes 0x02 withdrawal credentials");
  if (feePerValidatorWei < 0n) throw new InconsistentStakeError("the service fee cannot be negative");
  const amount = parseGwei(String(deposit.amount));
  if (amount < minimumWei || amount > maximumWei)
    throw new InconsistentStakeError(`a compounding deposit is from ${minimumWei} to ${maximumWei} wei, not ${amount}`);
  return contractCall({
    to: contract,
    abi: ethStakingAbi,
    functionName: "stakeCompounding",
    args: [
      hex(deposit.pubkey),
      hex(deposit.withdrawal_credentials),
      hex(deposit.signature),
      hex(deposit.deposit_data_root),
      amount,
    ],
    value: amount + feePerValidatorWei,
  });
}
