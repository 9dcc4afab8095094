import { useMemo } from "react";
import type { TransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { duplicateOf } from "../../families/ethereum-beacon/double-deposit-guard.ts";
import type { VerifiedStake } from "../../families/ethereum-beacon/generate-verified-stake.ts";
import type { SentStake, StakeScope } from "../../families/ethereum-beacon/sent-stakes.ts";
import { DuplicateDepositError } from "../../families/ethereum-beacon/stake-errors.ts";
import { TransactionMaybeSentError } from "../../lib/transactions/transaction-errors.ts";
import { useFindSentDeposits } from "./use-find-sent-deposits.ts";
import { useSentStakeConflict } from "./use-sent-stake-conflict.ts";

const NO_KEYS: readonly string[] = [];

/**
 * The refusal to show instead of the review's "Confirm", if any: this browser's record of the validators
 * (live, so another tab's broadcast shows at once), else why the send path refused them (the server knows
 * them, another tab is signing them) or the wallet error after which they may have been sent.
 */
function duplicateShown(flow: TransactionFlow, conflict: SentStake | undefined): DuplicateDepositError | undefined {
  const error = flow.step === "failed" ? flow.error : undefined;
  const refused = error instanceof DuplicateDepositError || error instanceof TransactionMaybeSentError;
  if (!refused && flow.step !== "review" && flow.step !== "preparing") return undefined;
  if (conflict) return duplicateOf(conflict);
  if (error instanceof DuplicateDepositError) return error;
  return error instanceof TransactionMaybeSentError ? new DuplicateDepositError("possiblySent") : undefined;
}

/**
 * Why the stake under review must not be sent, kept up to date: another tab's stake of the same validators,
 * the send path's refusal, or a wallet error after which they may have been sent (then the staking server is
 * asked until it names the transaction).
 */
export function useDuplicateRefusal(
  scope: StakeScope,
  stake: VerifiedStake | undefined,
  flow: TransactionFlow,
): DuplicateDepositError | undefined {
  const pubkeys = useMemo(() => stake?.deposits.map((deposit) => deposit.pubkey) ?? NO_KEYS, [stake]);
  const duplicate = duplicateShown(flow, useSentStakeConflict(scope, pubkeys));
  useFindSentDeposits(scope, pubkeys, duplicate?.reason === "possiblySent");
  return duplicate;
}
