import { type Address, type Hex, parseGwei } from "viem";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import type { DepositDataEntry } from "../../core/deposit/index.ts";
import { ethStakingAbi } from "./stake-call.ts";
import { InconsistentStakeError } from "./stake-input-error.ts";

const hex = (value: string): Hex => `0x${value}`;

/**
 * Stakes N validators of `perValidatorWei` with 0x01 credentials in one transaction:
 * `stake(pubkeys, withdrawalCredentials, signatures, depositDataRoots)` paying N × (deposit + fee).
 * Refuses an empty list, credentials that differ between deposits or are not 0x01, and any deposit whose
 * amount is not `perValidatorWei`.
 */
export function buildStake(input: {
  readonly contract: Address;
  readonly deposits: readonly DepositDataEntry[];
  readonly perValidatorWei: bigint;
  readonly feePerValidatorWei: bigint;
}): ContractCall {
  const { contract, deposits, perValidatorWei, feePerValidatorWei } = input;
  const first = deposits[0];
  if (!first) throw new InconsistentStakeError("a stake needs at least one deposit");
  if (feePerValidatorWei < 0n) throw new InconsistentStakeError("the service fee cannot be negative");
  const credentials = first.withdrawal_credentials;
  if (!credentials.startsWith("01")) throw new InconsistentStakeError("stake() takes 0x01 withdrawal credentials");
  deposits.forEach((deposit, index) => {
    if (deposit.withdrawal_credentials !== credentials)
      throw new InconsistentStakeError(`deposit ${index} has other withdrawal credentials than deposit 0`);
    if (parseGwei(String(deposit.amount)) !== perValidatorWei)
      throw new InconsistentStakeError(`deposit ${index} is not of ${perValidatorWei} wei`);
  });
  const count = BigInt(deposits.length);
  return contractCall({
    to: contract,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      deposits.map((deposit) => hex(deposit.pubkey)),
      hex(credentials),
      deposits.map((deposit) => hex(deposit.signature)),
      deposits.map((deposit) => hex(deposit.deposit_data_root)),
    ],
    value: count * (perValidatorWei + feePerValidatorWei),
  });
}
