import { type Address, formatEther, type PublicClient } from "viem";
import type { ContractCall } from "../../core/contract-call.ts";
import type { DepositDataEntry } from "../../core/deposit/index.ts";
import { buildStake } from "./build-stake.ts";
import { buildStakeCompounding } from "./build-stake-compounding.ts";
import { fetchKnownDeposits } from "./fetch-known-deposits.ts";
import { readFeePerValidator } from "./read-fee-per-validator.ts";
import { requestDepositData } from "./request-deposit-data.ts";
import { depositAmountsGwei, type StakeChoice } from "./stake-choice.ts";
import { DepositDataRejectedError, ServiceFeeMismatchError } from "./stake-errors.ts";
import { startDepositVerification } from "./verify-deposits.ts";

export interface VerifiedStake {
  /** The one transaction that stakes every validator, value = deposits + service fee. */
  readonly call: ContractCall;
  /** The verified deposit data, in order. */
  readonly deposits: readonly DepositDataEntry[];
  readonly feePerValidatorWei: bigint;
}

export interface GenerateStakeInput {
  readonly client: Pick<PublicClient, "readContract">;
  /** The batch staking contract of the selected environment. */
  readonly contract: Address;
  /** The connected account: withdrawals must go there. */
  readonly owner: Address;
  readonly network: string;
  readonly environment: { readonly id: string; readonly genesisForkVersion: string };
  readonly choice: StakeChoice;
  readonly idempotencyKey: string;
  /** The service fee per validator from config, in wei; the contract must charge exactly this. */
  readonly configuredFeeWei: bigint;
  readonly symbol: string;
  /** The compounding range from config, in wei. */
  readonly minimumWei: bigint;
  readonly maximumWei: bigint;
  readonly signal?: AbortSignal;
}

const pubkeyOf = (entry: unknown): string | undefined => {
  const pubkey = (entry as { pubkey?: unknown } | null)?.pubkey;
  return typeof pubkey === "string" && /^[0-9a-fA-F]{96}$/.test(pubkey) ? pubkey.toLowerCase() : undefined;
};

/**
 * The deposit-data step, before anything is signed: checks the contract's service fee against config, gets
 * the validators from the backend (idempotent on the key), asks the backend which public keys already have a
 * deposit, verifies every deposit in the browser (startDepositVerification, begun as the data arrives: fork
 * version, credentials = type + owner, amounts, both roots, BLS signatures, duplicates, already deposited) and
 * builds the one stake transaction.
 * Throws ServiceFeeMismatchError or DepositDataRejectedError (with every problem) instead of returning
 * anything that could be signed.
 */
export async function generateVerifiedStake(input: GenerateStakeInput): Promise<VerifiedStake> {
  const { choice } = input;
  const feePerValidatorWei = await readFeePerValidator(input.client, input.contract);
  if (feePerValidatorWei !== input.configuredFeeWei) {
    throw new ServiceFeeMismatchError(
      formatEther(input.configuredFeeWei),
      formatEther(feePerValidatorWei),
      input.symbol,
    );
  }
  const raw = await requestDepositData({
    owner: input.owner,
    network: input.network,
    environment: input.environment.id,
    choice,
    idempotencyKey: input.idempotencyKey,
    signal: input.signal,
  });
  // Verification starts the moment the data arrives, while the backend is asked which keys have a deposit.
  const verifying = startDepositVerification(raw, {
    forkVersion: input.environment.genesisForkVersion,
    withdrawalAddress: input.owner,
    credentialType: choice.credentialType,
    amountsGwei: depositAmountsGwei(choice),
  });
  const pubkeys = [...new Set(raw.map(pubkeyOf).filter((key): key is string => key !== undefined))];
  const known = await fetchKnownDeposits({
    network: input.network,
    environment: input.environment.id,
    pubkeys,
    signal: input.signal,
  });
  // The verdict on this very data (`raw`), with the keys the backend knows: nothing else is ever built from.
  const verification = await verifying.finish(new Set(known.keys()));
  if (!verification.ok) throw new DepositDataRejectedError(verification.problems);
  const { deposits } = verification;
  const call =
    choice.credentialType === "0x01"
      ? buildStake({ contract: input.contract, deposits, perValidatorWei: choice.perValidatorWei, feePerValidatorWei })
      : buildStakeCompounding({
          contract: input.contract,
          deposit: deposits[0] as DepositDataEntry,
          minimumWei: input.minimumWei,
          maximumWei: input.maximumWei,
          feePerValidatorWei,
        });
  return { call, deposits, feePerValidatorWei };
}
