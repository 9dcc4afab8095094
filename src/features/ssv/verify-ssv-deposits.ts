import { formatEther, type PublicClient } from "viem";
import type { ContractCall } from "../../core/contract-call.ts";
import type { DepositProblem } from "../../core/deposit/index.ts";
import type { StakeOffering } from "../../core/stake-offering.ts";
import { buildStake } from "../../families/ethereum-beacon/build-stake.ts";
import { fetchKnownDeposits } from "../../families/ethereum-beacon/fetch-known-deposits.ts";
import { readFeePerValidator } from "../../families/ethereum-beacon/read-fee-per-validator.ts";
import { ServiceFeeMismatchError } from "../../families/ethereum-beacon/stake-errors.ts";
import { verifyDeposits } from "../../families/ethereum-beacon/verify-deposits.ts";

const GWEI_PER_DEPOSIT = 32_000_000_000n;

export type SsvDepositCheck =
  | { readonly ok: true; readonly call: ContractCall; readonly count: number }
  | {
      readonly ok: false;
      /** The deposit-data rules, as the stake flow words them. */
      readonly problems: readonly DepositProblem[];
      /** Registered validators the file has no deposit for, and deposits for keys not registered here. */
      readonly missing: readonly string[];
      readonly unexpected: readonly string[];
    };

const key = (pubkey: string) => pubkey.toLowerCase().replace(/^0x/, "");

/**
 * The 32 ETH deposits of validators just registered on the SSV network, checked as strictly as the stake
 * flow's (verifyDeposits: fork version, 0x01 credentials to the owner, 32 ETH each, both roots, BLS signatures,
 * duplicates, already deposited; the contract's service fee = config) and, on top, exactly the registered
 * validators' keys. Only then the one stake() call through the batch staking contract.
 */
export async function verifySsvDeposits(input: {
  readonly raw: unknown;
  readonly registered: readonly string[];
  readonly owner: string;
  readonly stake: StakeOffering;
  readonly client: Pick<PublicClient, "readContract">;
}): Promise<SsvDepositCheck> {
  const { raw, stake, owner } = input;
  const fee = await readFeePerValidator(input.client, stake.contract);
  if (fee !== stake.serviceFeeWei) {
    throw new ServiceFeeMismatchError(stake.serviceFee, formatEther(fee), stake.symbol);
  }
  const entries = Array.isArray(raw) ? (raw as { pubkey?: unknown }[]) : [];
  const pubkeys = entries.flatMap((entry) => (typeof entry?.pubkey === "string" ? [key(entry.pubkey)] : []));
  const wanted = new Set(input.registered.map(key));
  const missing = [...wanted].filter((pubkey) => !pubkeys.includes(pubkey));
  const unexpected = pubkeys.filter((pubkey) => !wanted.has(pubkey));
  const known = await fetchKnownDeposits({ network: stake.slug, environment: stake.environment.id, pubkeys });
  const verification = await verifyDeposits(raw, {
    forkVersion: stake.environment.genesisForkVersion,
    withdrawalAddress: owner,
    credentialType: "0x01",
    amountsGwei: input.registered.map(() => GWEI_PER_DEPOSIT),
    alreadyDeposited: new Set(known.keys()),
  });
  if (!verification.ok || missing.length > 0 || unexpected.length > 0) {
    return { ok: false, problems: verification.ok ? [] : verification.problems, missing, unexpected };
  }
  const call = buildStake({
    contract: stake.contract,
    deposits: verification.deposits,
    perValidatorWei: stake.perValidatorWei,
    feePerValidatorWei: fee,
  });
  return { ok: true, call, count: verification.deposits.length };
}
