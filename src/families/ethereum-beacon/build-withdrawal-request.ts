import {
  type Address,
  concat,
  formatUnits,
  type Hex,
  hexToBytes,
  isAddressEqual,
  numberToHex,
  parseGwei,
  size,
} from "viem";
import { withdrawalRequestsAbi } from "../../../contracts/generated/index.ts";
import type { ContractCall } from "../../core/contract-call.ts";
import { readWithdrawalCredentials } from "../../core/deposit/withdrawal-credentials.ts";
import {
  InvalidWithdrawalAmountError,
  NoExecutionCredentialsError,
  NotWithdrawalAddressError,
  PartialBelowMinimumError,
  PartialNeedsCompoundingError,
  ValidatorNotActiveError,
} from "./unstake-errors.ts";

/** What an unstake asks for: `amountGwei` of a 0x02 validator's balance (partial), or everything (exit). */
export type WithdrawalChoice = { readonly kind: "partial"; readonly amountGwei: bigint } | { readonly kind: "exit" };

/** The validator as the backend lists it (GET /validators). */
export interface WithdrawableValidator {
  /** 48-byte BLS public key, 0x-prefixed. */
  readonly pubkey: Hex;
  /** 32-byte withdrawal credentials, 0x-prefixed. */
  readonly withdrawalCredentials: Hex;
  /** Beacon API status ("active_ongoing", ...). */
  readonly status: string;
  /** Current balance in wei. */
  readonly balanceWei: bigint;
}

export interface BuildWithdrawalRequestParameters {
  /** The EIP-7002 request contract (networks/*.json `contracts.withdrawal`). */
  readonly contract: Address;
  readonly validator: WithdrawableValidator;
  /** The account that will send the request: it must be the validator's withdrawal address. */
  readonly sender: Address;
  readonly choice: WithdrawalChoice;
  /** The fee to pay, in wei: the buffered fee of `bufferWithdrawalFee`. */
  readonly feeWei: bigint;
  /** The balance a partial withdrawal must leave, in wei (config `staking.perValidator`: 32 ETH). */
  readonly minimumBalanceWei: bigint;
  /** For messages: the coin's symbol. */
  readonly symbol: string;
}

const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * Builds an EIP-7002 withdrawal request: input = validator pubkey (48 bytes) ‖ amount in gwei (uint64,
 * big-endian), with amount 0 meaning a full exit; the fee goes as msg.value. Refuses, before anything is
 * signed, what the consensus layer would ignore while keeping the fee: a sender other than the withdrawal
 * address, 0x00 credentials, a validator that is not active, a partial withdrawal from a 0x01 validator, or
 * one that would leave less than the minimum balance.
 */
export function buildWithdrawalRequest(parameters: BuildWithdrawalRequestParameters): ContractCall {
  const { contract, validator, sender, choice, feeWei, minimumBalanceWei, symbol } = parameters;
  if (size(validator.pubkey) !== 48)
    throw new RangeError(`a validator pubkey is 48 bytes, not ${size(validator.pubkey)}`);
  const credentials = readWithdrawalCredentials(hexToBytes(validator.withdrawalCredentials));
  if (!credentials) throw new NoExecutionCredentialsError(validator.withdrawalCredentials);
  if (!isAddressEqual(credentials.address, sender)) throw new NotWithdrawalAddressError(credentials.address, sender);
  if (validator.status !== "active_ongoing") throw new ValidatorNotActiveError(validator.status);
  if (feeWei <= 0n) throw new RangeError("the request fee is at least 1 wei");
  let amountGwei = 0n;
  if (choice.kind === "partial") {
    if (credentials.type !== "0x02") throw new PartialNeedsCompoundingError(credentials.type);
    amountGwei = choice.amountGwei;
    if (amountGwei <= 0n || amountGwei > MAX_UINT64) throw new InvalidWithdrawalAmountError(amountGwei);
    const maximumGwei = maxPartialWithdrawalGwei(validator.balanceWei, minimumBalanceWei);
    if (amountGwei > maximumGwei) {
      throw new PartialBelowMinimumError(
        formatUnits(maximumGwei, 9),
        formatUnits(minimumBalanceWei, 18),
        symbol,
        maximumGwei,
      );
    }
  }
  // The request contract has no functions: its fallback takes 56 bytes, pubkey (48) ‖ amount in gwei (8,
  // big-endian; 0 = full exit). The fee is paid as msg.value and the contract keeps all of it.
  return {
    to: contract,
    abi: withdrawalRequestsAbi,
    input: concat([validator.pubkey, numberToHex(amountGwei, { size: 8 })]),
    value: feeWei,
  };
}

/** The most a partial withdrawal can take from `balanceWei` and still leave `minimumBalanceWei`, in whole gwei. */
export function maxPartialWithdrawalGwei(balanceWei: bigint, minimumBalanceWei: bigint): bigint {
  const spare = balanceWei - minimumBalanceWei;
  return spare > 0n ? spare / parseGwei("1") : 0n;
}
