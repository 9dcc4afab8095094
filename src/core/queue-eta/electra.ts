import type { BeaconSnapshot } from "../api/beacon-snapshot.ts";

/**
 * Queue ETAs under Electra's rules (consensus-specs electra/beacon-chain.md), from a head-state snapshot of the
 * Beacon API (GET /beacon-snapshot). Each answer is an epoch; `epochStart` turns one into a time. What the API does
 * not expose is assumed: deposit_balance_to_consume as 0 (a carried churn can only make a deposit sooner), the
 * exit churn left in the queue's last epoch from what is queued there, and a healthy chain finalizing one epoch
 * behind each epoch it processes.
 */

const EFFECTIVE_BALANCE_INCREMENT = 1_000_000_000n;

const larger = (a: bigint, b: bigint) => (a >= b ? a : b);

/** The part of the snapshot the ETAs read. */
export type QueueSnapshot = Omit<BeaconSnapshot, "validator" | "target">;

/** get_balance_churn_limit: max(MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA, total active / CHURN_LIMIT_QUOTIENT), whole ETH. */
export function balanceChurnLimit(snapshot: QueueSnapshot): bigint {
  const { spec } = snapshot;
  const byQuotient = snapshot.totalActiveBalanceGwei / spec.churnLimitQuotient;
  const churn = larger(byQuotient, spec.minPerEpochChurnLimitGwei);
  return churn - (churn % EFFECTIVE_BALANCE_INCREMENT);
}

/** get_activation_exit_churn_limit: the balance churn capped at MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT. */
export function activationExitChurnLimit(snapshot: QueueSnapshot): bigint {
  const balance = balanceChurnLimit(snapshot);
  const cap = snapshot.spec.maxPerEpochActivationExitChurnLimitGwei;
  return larger(balance, cap) === balance ? cap : balance;
}

/** get_consolidation_churn_limit: the balance churn left above the activation/exit churn. */
export function consolidationChurnLimit(snapshot: QueueSnapshot): bigint {
  return balanceChurnLimit(snapshot) - activationExitChurnLimit(snapshot);
}

export function currentEpoch(snapshot: QueueSnapshot): bigint {
  return snapshot.headSlot / snapshot.spec.slotsPerEpoch;
}

/** Unix seconds at which `epoch` starts: genesis + epoch × SLOTS_PER_EPOCH × SECONDS_PER_SLOT. */
export function epochStart(snapshot: QueueSnapshot, epoch: bigint): bigint {
  return snapshot.genesisTime + epoch * snapshot.spec.slotsPerEpoch * snapshot.spec.secondsPerSlot;
}

/** compute_activation_exit_epoch. */
const activationExitEpoch = (snapshot: QueueSnapshot, epoch: bigint) => epoch + 1n + snapshot.spec.maxSeedLookahead;

/** The finalized epoch while the chain processes the end of `epoch`: the snapshot's, then one behind. */
const finalizedAtEndOf = (snapshot: QueueSnapshot, epoch: bigint) =>
  epoch - 1n > snapshot.finalizedEpoch ? epoch - 1n : snapshot.finalizedEpoch;

/**
 * The epoch at the end of which process_pending_deposits credits a deposit of `amountGwei` sent now (in the next
 * slot's block), behind every pending deposit: one whose block is finalized, at most MAX_PENDING_DEPOSITS_PER_EPOCH
 * an epoch, within the activation churn (what an epoch leaves unspent carries to the next when the churn stops it).
 */
export function depositProcessedEpoch(
  snapshot: QueueSnapshot,
  amountGwei: bigint,
  slot = snapshot.headSlot + 1n,
  /** How many deposits of `amountGwei` the transaction makes (one per validator); the answer is the last one's. */
  count = 1,
) {
  const ours = Array.from({ length: count }, () => ({ pubkey: "0x", amountGwei, slot }));
  const queue = [...snapshot.pendingDeposits.map((entry) => ({ ...entry })), ...ours];
  const churn = activationExitChurnLimit(snapshot);
  const perEpoch = Number(snapshot.spec.maxPendingDepositsPerEpoch);
  if (churn <= 0n || perEpoch <= 0)
    throw new RangeError("the chain's spec gives no activation churn or no deposits an epoch");
  let toConsume = 0n;
  let position = 0;
  for (let epoch = currentEpoch(snapshot); ; epoch += 1n) {
    const finalizedSlot = finalizedAtEndOf(snapshot, epoch) * snapshot.spec.slotsPerEpoch;
    const available = toConsume + churn;
    let processed = 0n;
    let count = 0;
    let churnReached = false;
    while (position < queue.length) {
      const deposit = queue[position] as (typeof queue)[number];
      if (deposit.slot > finalizedSlot || count >= perEpoch) break;
      churnReached = processed + deposit.amountGwei > available;
      if (churnReached) break;
      processed += deposit.amountGwei;
      count += 1;
      position += 1;
      if (position === queue.length) return epoch;
    }
    toConsume = churnReached ? available - processed : 0n;
  }
}

/**
 * The activation epoch of a new validator whose deposit of `amountGwei` (at least 32 ETH) is sent now: credited at
 * the end of epoch P, eligible from P + 2 (process_registry_updates at the end of P + 1), activated at the end of
 * the first epoch that has its eligibility finalized, for compute_activation_exit_epoch of that epoch.
 */
export function newValidatorActivationEpoch(snapshot: QueueSnapshot, amountGwei: bigint, count = 1): bigint {
  const processed = depositProcessedEpoch(snapshot, amountGwei, snapshot.headSlot + 1n, count);
  return activationForEligibility(snapshot, processed + 2n);
}

/** The activation epoch of a validator eligible from `eligibilityEpoch` (pending_queued), not yet given one. */
export function activationForEligibility(snapshot: QueueSnapshot, eligibilityEpoch: bigint): bigint {
  let epoch = currentEpoch(snapshot);
  while (finalizedAtEndOf(snapshot, epoch) < eligibilityEpoch) epoch += 1n;
  return activationExitEpoch(snapshot, epoch);
}

/**
 * The epoch a queue behind `tail` (its last epoch and the gwei queued there) gives `balanceGwei` asked now, at
 * `churn` an epoch: compute_exit_epoch_and_update_churn's and compute_consolidation_epoch_and_update_churn's rule.
 */
function queueEpoch(
  snapshot: QueueSnapshot,
  tail: QueueSnapshot["exitQueue"],
  churn: bigint,
  balanceGwei: bigint,
): bigint {
  const floor = activationExitEpoch(snapshot, currentEpoch(snapshot));
  const { lastEpoch, balanceAtLastEpochGwei } = tail;
  let earliest = larger(lastEpoch, floor);
  let toConsume: bigint;
  if (lastEpoch < earliest) {
    toConsume = churn;
  } else {
    // What the last epoch's churn has left: the queued balance there rounds up to whole epochs of churn.
    const spent = balanceAtLastEpochGwei % churn;
    toConsume = spent === 0n && balanceAtLastEpochGwei > 0n ? 0n : churn - spent;
  }
  if (balanceGwei > toConsume) earliest += (balanceGwei - toConsume - 1n) / churn + 1n;
  return earliest;
}

/** compute_exit_epoch_and_update_churn for `balanceGwei` asked now, after what the exit queue already holds. */
export function exitQueueEpoch(snapshot: QueueSnapshot, balanceGwei: bigint): bigint {
  return queueEpoch(snapshot, snapshot.exitQueue, activationExitChurnLimit(snapshot), balanceGwei);
}

/**
 * A consolidation asked now of a source with `effectiveBalanceGwei`: the source's exit epoch from
 * compute_consolidation_epoch_and_update_churn (behind the consolidation queue, at the consolidation churn), its
 * withdrawable epoch, and the epoch from which the target holds the balance (process_pending_consolidations moves
 * it at the end of the epoch before the source becomes withdrawable).
 */
export function consolidationEta(snapshot: QueueSnapshot, effectiveBalanceGwei: bigint) {
  const churn = consolidationChurnLimit(snapshot);
  if (churn <= 0n) throw new RangeError("the chain's spec leaves no consolidation churn");
  const exitEpoch = queueEpoch(snapshot, snapshot.consolidationQueue, churn, effectiveBalanceGwei);
  const withdrawableEpoch = exitEpoch + snapshot.spec.minValidatorWithdrawabilityDelay;
  return { exitEpoch, withdrawableEpoch, movedByEpoch: withdrawableEpoch };
}

/** Epochs the withdrawal sweep takes to reach every validator, at most: validators / (16 a payload × slots). */
export function sweepEpochs(snapshot: QueueSnapshot): bigint {
  const perEpoch = snapshot.spec.maxWithdrawalsPerPayload * snapshot.spec.slotsPerEpoch;
  const count = BigInt(snapshot.validatorCount);
  return count === 0n ? 1n : (count + perEpoch - 1n) / perEpoch;
}

/** An exit asked now: the exit epoch, the withdrawable epoch, and the epoch by which the sweep has paid it. */
export function exitEta(snapshot: QueueSnapshot, effectiveBalanceGwei: bigint) {
  const exitEpoch = exitQueueEpoch(snapshot, effectiveBalanceGwei);
  return exitedEta(snapshot, exitEpoch + snapshot.spec.minValidatorWithdrawabilityDelay, exitEpoch);
}

/** An exit already queued (its withdrawable epoch known): paid by withdrawable + the sweep's epochs. */
export function exitedEta(snapshot: QueueSnapshot, withdrawableEpoch: bigint, exitEpoch: bigint) {
  return { exitEpoch, withdrawableEpoch, paidByEpoch: withdrawableEpoch + sweepEpochs(snapshot) };
}

/**
 * A partial withdrawal asked now: queued in the exit churn, paid in the first block of its withdrawable epoch
 * (pending partial withdrawals come first in every payload).
 */
export function partialWithdrawalEta(snapshot: QueueSnapshot, amountGwei: bigint) {
  const withdrawableEpoch = exitQueueEpoch(snapshot, amountGwei) + snapshot.spec.minValidatorWithdrawabilityDelay;
  return { withdrawableEpoch, paidByEpoch: withdrawableEpoch };
}

/** What a validator card says is coming, each with the epoch it is due. */
export type ValidatorEta =
  | { readonly kind: "activation"; readonly epoch: bigint }
  | { readonly kind: "exit"; readonly exitEpoch: bigint; readonly paidByEpoch: bigint }
  | { readonly kind: "partial"; readonly amountGwei: bigint; readonly paidByEpoch: bigint }
  | { readonly kind: "consolidation"; readonly targetIndex: number; readonly movedByEpoch: bigint }
  | { readonly kind: "topUp"; readonly amountGwei: bigint; readonly creditedByEpoch: bigint };

/**
 * The queue ETAs of one validator in a snapshot taken with its pubkey: its activation while a deposit or the
 * activation is pending, its exit and sweep while exiting (or, for a consolidation's source, when its balance moves
 * to the target), each pending partial withdrawal, and each top-up of it still in pending_deposits (credited when
 * the deposit queue reaches it).
 */
export function validatorEtas(snapshot: BeaconSnapshot, pubkey: string): ValidatorEta[] {
  const { validator } = snapshot;
  const now = currentEpoch(snapshot);
  const etas: ValidatorEta[] = [];
  if (!validator) {
    const key = pubkey.toLowerCase();
    const place = snapshot.pendingDeposits.findIndex((entry) => entry.pubkey.toLowerCase() === key);
    const own = snapshot.pendingDeposits[place];
    if (!own) return etas;
    const ahead = { ...snapshot, pendingDeposits: snapshot.pendingDeposits.slice(0, place) };
    etas.push({
      kind: "activation",
      epoch: activationForEligibility(snapshot, depositProcessedEpoch(ahead, own.amountGwei, own.slot) + 2n),
    });
    return etas;
  }
  const far = 2n ** 64n - 1n;
  if (validator.activationEpoch === far) {
    const eligibility = validator.activationEligibilityEpoch === far ? now + 1n : validator.activationEligibilityEpoch;
    etas.push({ kind: "activation", epoch: activationForEligibility(snapshot, eligibility) });
  } else if (validator.activationEpoch > now) {
    etas.push({ kind: "activation", epoch: validator.activationEpoch });
  }
  const consolidating = snapshot.pendingConsolidations.find((entry) => entry.sourceIndex === validator.index);
  if (consolidating) {
    // A consolidation's source: its balance moves to the target (an exit of its own, through the consolidation churn).
    etas.push({
      kind: "consolidation",
      targetIndex: consolidating.targetIndex,
      movedByEpoch: validator.withdrawableEpoch,
    });
  } else if (validator.exitEpoch !== far && validator.balanceGwei > 0n) {
    const { paidByEpoch } = exitedEta(snapshot, validator.withdrawableEpoch, validator.exitEpoch);
    etas.push({ kind: "exit", exitEpoch: validator.exitEpoch, paidByEpoch });
  }
  for (const entry of validator.pendingPartials) {
    etas.push({ kind: "partial", amountGwei: entry.amountGwei, paidByEpoch: entry.withdrawableEpoch });
  }
  const key = validator.pubkey.toLowerCase();
  snapshot.pendingDeposits.forEach((entry, place) => {
    if (entry.pubkey.toLowerCase() !== key) return;
    const ahead = { ...snapshot, pendingDeposits: snapshot.pendingDeposits.slice(0, place) };
    etas.push({
      kind: "topUp",
      amountGwei: entry.amountGwei,
      creditedByEpoch: depositProcessedEpoch(ahead, entry.amountGwei, entry.slot),
    });
  });
  return etas;
}

export const electraQueueEta = {
  balanceChurnLimit,
  activationExitChurnLimit,
  consolidationChurnLimit,
  depositProcessedEpoch,
  newValidatorActivationEpoch,
  activationForEligibility,
  exitQueueEpoch,
  consolidationEta,
  exitEta,
  exitedEta,
  partialWithdrawalEta,
  sweepEpochs,
  epochStart,
  currentEpoch,
  validatorEtas,
} as const;
