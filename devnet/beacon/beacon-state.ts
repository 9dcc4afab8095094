import type { Address, Hex } from "viem";
import {
  BASE_REWARD_FACTOR,
  type BeaconParams,
  EFFECTIVE_BALANCE_INCREMENT,
  FAR_FUTURE_EPOCH,
  HYSTERESIS_DOWNWARD_MULTIPLIER,
  HYSTERESIS_QUOTIENT,
  HYSTERESIS_UPWARD_MULTIPLIER,
  MAX_EFFECTIVE_BALANCE,
  MAX_EFFECTIVE_BALANCE_ELECTRA,
  MIN_ACTIVATION_BALANCE,
  PENDING_CONSOLIDATIONS_LIMIT,
  PENDING_PARTIAL_WITHDRAWALS_LIMIT,
} from "./beacon-params.ts";

/** A DepositEvent of the deposit contract, at the slot of its block. Amounts in gwei. */
export interface DepositRecord {
  readonly kind: "deposit";
  readonly slot: bigint;
  readonly pubkey: Hex;
  readonly withdrawalCredentials: Hex;
  readonly amount: bigint;
}

/** An EIP-7002 request log, at the slot of its block. amount 0 asks for a full exit. */
export interface WithdrawalRequestRecord {
  readonly kind: "withdrawalRequest";
  readonly slot: bigint;
  readonly source: Address;
  readonly pubkey: Hex;
  readonly amount: bigint;
}

/** An EIP-7251 request log. Source equal to target asks to switch the validator to 0x02 credentials. */
export interface ConsolidationRequestRecord {
  readonly kind: "consolidationRequest";
  readonly slot: bigint;
  readonly source: Address;
  readonly sourcePubkey: Hex;
  readonly targetPubkey: Hex;
}

export type ChainEvent = DepositRecord | WithdrawalRequestRecord | ConsolidationRequestRecord;

/**
 * One withdrawal paid to a validator's execution address: it goes into the block at the first slot of `epoch`
 * (the Beacon API's Withdrawal: a chain-wide index, the validator, the address and the amount in gwei).
 */
export interface Payout {
  readonly index: bigint;
  readonly epoch: bigint;
  readonly validatorIndex: number;
  readonly address: Address;
  readonly amount: bigint;
}

export interface ValidatorRecord {
  readonly index: number;
  readonly pubkey: Hex;
  withdrawalCredentials: Hex;
  balance: bigint;
  effectiveBalance: bigint;
  activationEligibilityEpoch: bigint;
  activationEpoch: bigint;
  exitEpoch: bigint;
  withdrawableEpoch: bigint;
}

export type ValidatorStatus =
  | "pending_initialized"
  | "pending_queued"
  | "active_ongoing"
  | "active_exiting"
  | "exited_unslashed"
  | "withdrawal_possible"
  | "withdrawal_done";

/** The Beacon API status of a validator at an epoch (no slashing on the devnet). */
export function validatorStatus(validator: ValidatorRecord, epoch: bigint): ValidatorStatus {
  if (validator.activationEpoch > epoch) {
    return validator.activationEligibilityEpoch === FAR_FUTURE_EPOCH ? "pending_initialized" : "pending_queued";
  }
  if (epoch < validator.exitEpoch)
    return validator.exitEpoch === FAR_FUTURE_EPOCH ? "active_ongoing" : "active_exiting";
  if (epoch < validator.withdrawableEpoch) return "exited_unslashed";
  return validator.balance > 0n ? "withdrawal_possible" : "withdrawal_done";
}

export function integerSquareRoot(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

function maxEffectiveBalance(credentials: Hex): bigint {
  return credentials.startsWith("0x02") ? MAX_EFFECTIVE_BALANCE_ELECTRA : MAX_EFFECTIVE_BALANCE;
}

const isActive = (v: ValidatorRecord, epoch: bigint) => v.activationEpoch <= epoch && epoch < v.exitEpoch;

/** A deposit waiting in the state's pending_deposits queue (Electra), amounts in gwei. */
export interface PendingDeposit {
  readonly pubkey: Hex;
  readonly withdrawalCredentials: Hex;
  readonly amount: bigint;
  /** The slot of the block that carried it; 0 (GENESIS_SLOT) for balance moved by a switch to compounding. */
  readonly slot: bigint;
}

/** An entry of pending_partial_withdrawals (Electra): paid from `withdrawableEpoch` on. */
export interface PendingPartialWithdrawal {
  readonly validatorIndex: number;
  readonly amount: bigint;
  readonly withdrawableEpoch: bigint;
}

/** An entry of pending_consolidations (Electra): the source's balance moves to the target once withdrawable. */
export interface PendingConsolidation {
  readonly sourceIndex: number;
  readonly targetIndex: number;
}

/**
 * Replays the devnet's deposits and EIP-7002 / EIP-7251 requests with the Electra consensus specs' rules: a
 * request takes effect in its block (process_deposit_request, process_withdrawal_request,
 * process_consolidation_request: one that breaks a rule is dropped, as on a real chain); at the end of each epoch
 * rewards, process_registry_updates (activation once the eligibility epoch is finalized), process_pending_deposits
 * (finalized deposits only, at most MAX_PENDING_DEPOSITS_PER_EPOCH, within the activation churn) and
 * process_pending_consolidations; exits, partial withdrawals and consolidations wait their turn through
 * compute_exit_epoch_and_update_churn / compute_consolidation_epoch_and_update_churn. Churn limits count the
 * validators this node serves (the total a client reading the Beacon API computes) with the devnet's
 * MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA. Simplified where a single-operator devnet allows: the chain finalizes two
 * epochs behind the head; every active validator performs perfectly and earns the full base reward each epoch
 * (over its own and `backgroundActiveBalance`); no slashing, no BLS checks; the withdrawal sweep reaches every
 * validator in the first block of each epoch (pending partial withdrawals there from their withdrawable epoch, a
 * fully withdrawable validator one epoch after it, excess balance only when `excessSweepEpochs` asks). A validator
 * no validator client runs (`runs`) never activates. `withdrawn` records what left each validator, so the node can
 * credit it on the execution chain, and `payouts` each withdrawal, for the blocks that carry them.
 */
export class BeaconState {
  validators: ValidatorRecord[] = [];
  /** Gwei paid out to each validator's withdrawal address so far (sweeps and partial withdrawals), by index. */
  withdrawn = new Map<number, bigint>();
  /** Every withdrawal to an execution address so far, oldest first. */
  payouts: Payout[] = [];
  pendingDeposits: PendingDeposit[] = [];
  pendingPartialWithdrawals: PendingPartialWithdrawal[] = [];
  pendingConsolidations: PendingConsolidation[] = [];
  depositBalanceToConsume = 0n;
  exitBalanceToConsume = 0n;
  earliestExitEpoch = 0n;
  consolidationBalanceToConsume = 0n;
  earliestConsolidationEpoch = 0n;
  private byPubkey = new Map<Hex, ValidatorRecord>();
  /** Transitions up to and including this epoch have run. */
  epoch = 0n;

  constructor(
    private readonly params: BeaconParams,
    /** Whether a validator client runs this validator; one that none runs stays pending. Default: all run. */
    private readonly runs: (pubkey: Hex) => boolean = () => true,
  ) {}

  epochOf(slot: bigint): bigint {
    return slot / BigInt(this.params.slotsPerEpoch);
  }

  /** A deep copy, for a view part-way into an epoch (the head state plus the blocks of its epoch so far). */
  clone(): BeaconState {
    const copy = new BeaconState(this.params, this.runs);
    copy.validators = this.validators.map((v) => ({ ...v }));
    copy.byPubkey = new Map(copy.validators.map((v) => [v.pubkey, v]));
    copy.withdrawn = new Map(this.withdrawn);
    copy.payouts = [...this.payouts];
    copy.pendingDeposits = [...this.pendingDeposits];
    copy.pendingPartialWithdrawals = [...this.pendingPartialWithdrawals];
    copy.pendingConsolidations = [...this.pendingConsolidations];
    copy.depositBalanceToConsume = this.depositBalanceToConsume;
    copy.exitBalanceToConsume = this.exitBalanceToConsume;
    copy.earliestExitEpoch = this.earliestExitEpoch;
    copy.consolidationBalanceToConsume = this.consolidationBalanceToConsume;
    copy.earliestConsolidationEpoch = this.earliestConsolidationEpoch;
    copy.epoch = this.epoch;
    return copy;
  }

  /** Runs the blocks and epoch transitions into every epoch up to `target`, with `events` sorted by slot. */
  advance(target: bigint, events: readonly ChainEvent[]): void {
    while (this.epoch < target) {
      const previous = this.epoch;
      const next = previous + 1n;
      this.applyBlocks(events.filter((event) => this.epochOf(event.slot) === previous));
      this.rewardActive(previous);
      this.updateRegistry(previous);
      this.processPendingDeposits(previous);
      this.processPendingConsolidations(next);
      this.updateEffectiveBalances();
      this.sweep(next);
      this.epoch = next;
    }
  }

  /** Applies the requests of blocks in the state's current epoch (block processing), in order. */
  applyBlocks(events: readonly ChainEvent[]): void {
    for (const event of events) {
      if (event.kind === "deposit") this.pendingDeposits.push({ ...event });
      else if (event.kind === "withdrawalRequest") this.applyWithdrawalRequest(event, this.epoch);
      else this.applyConsolidationRequest(event, this.epoch);
    }
  }

  find(pubkey: Hex): ValidatorRecord | undefined {
    return this.byPubkey.get(pubkey.toLowerCase() as Hex);
  }

  /** Per-increment base reward: EFFECTIVE_BALANCE_INCREMENT * BASE_REWARD_FACTOR / isqrt(total active balance). */
  baseRewardPerIncrement(epoch: bigint): bigint {
    let total = this.params.backgroundActiveBalance + this.totalActiveBalance(epoch);
    if (total < EFFECTIVE_BALANCE_INCREMENT) total = EFFECTIVE_BALANCE_INCREMENT;
    return (EFFECTIVE_BALANCE_INCREMENT * BASE_REWARD_FACTOR) / integerSquareRoot(total);
  }

  /** get_total_active_balance over the validators this node serves (at least one increment). */
  totalActiveBalance(epoch: bigint): bigint {
    let total = 0n;
    for (const v of this.validators) if (isActive(v, epoch)) total += v.effectiveBalance;
    return total < EFFECTIVE_BALANCE_INCREMENT ? EFFECTIVE_BALANCE_INCREMENT : total;
  }

  /** get_balance_churn_limit: max(MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA, total / CHURN_LIMIT_QUOTIENT), whole ETH. */
  balanceChurnLimit(epoch: bigint): bigint {
    const byQuotient = this.totalActiveBalance(epoch) / this.params.churnLimitQuotient;
    const churn =
      minBigint(byQuotient, this.params.minPerEpochChurnLimit) === byQuotient
        ? this.params.minPerEpochChurnLimit
        : byQuotient;
    return churn - (churn % EFFECTIVE_BALANCE_INCREMENT);
  }

  /** get_activation_exit_churn_limit: the balance churn, at most MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT. */
  activationExitChurnLimit(epoch: bigint): bigint {
    return minBigint(this.params.maxPerEpochActivationExitChurnLimit, this.balanceChurnLimit(epoch));
  }

  /** get_consolidation_churn_limit: what the balance churn leaves above the activation/exit churn. */
  consolidationChurnLimit(epoch: bigint): bigint {
    return this.balanceChurnLimit(epoch) - this.activationExitChurnLimit(epoch);
  }

  /** get_pending_balance_to_withdraw. */
  pendingBalanceToWithdraw(index: number): bigint {
    let total = 0n;
    for (const entry of this.pendingPartialWithdrawals) if (entry.validatorIndex === index) total += entry.amount;
    return total;
  }

  private activationExitEpoch(epoch: bigint): bigint {
    return epoch + 1n + BigInt(this.params.maxSeedLookahead);
  }

  /** compute_exit_epoch_and_update_churn. */
  private exitEpochAndUpdateChurn(exitBalance: bigint, current: bigint): bigint {
    let earliest = this.earliestExitEpoch;
    const floor = this.activationExitEpoch(current);
    if (earliest < floor) earliest = floor;
    const perEpoch = this.activationExitChurnLimit(current);
    let toConsume = this.earliestExitEpoch < earliest ? perEpoch : this.exitBalanceToConsume;
    if (exitBalance > toConsume) {
      const additional = (exitBalance - toConsume - 1n) / perEpoch + 1n;
      earliest += additional;
      toConsume += additional * perEpoch;
    }
    this.exitBalanceToConsume = toConsume - exitBalance;
    this.earliestExitEpoch = earliest;
    return earliest;
  }

  /** compute_consolidation_epoch_and_update_churn. */
  private consolidationEpochAndUpdateChurn(balance: bigint, current: bigint): bigint {
    let earliest = this.earliestConsolidationEpoch;
    const floor = this.activationExitEpoch(current);
    if (earliest < floor) earliest = floor;
    const perEpoch = this.consolidationChurnLimit(current);
    let toConsume = this.earliestConsolidationEpoch < earliest ? perEpoch : this.consolidationBalanceToConsume;
    if (balance > toConsume) {
      const additional = (balance - toConsume - 1n) / perEpoch + 1n;
      earliest += additional;
      toConsume += additional * perEpoch;
    }
    this.consolidationBalanceToConsume = toConsume - balance;
    this.earliestConsolidationEpoch = earliest;
    return earliest;
  }

  /** initiate_validator_exit. */
  private initiateExit(v: ValidatorRecord, current: bigint): void {
    if (v.exitEpoch !== FAR_FUTURE_EPOCH) return;
    v.exitEpoch = this.exitEpochAndUpdateChurn(v.effectiveBalance, current);
    v.withdrawableEpoch = v.exitEpoch + BigInt(this.params.minValidatorWithdrawabilityDelay);
  }

  private rewardActive(epoch: bigint): void {
    const perIncrement = this.baseRewardPerIncrement(epoch);
    for (const v of this.validators) {
      if (isActive(v, epoch)) v.balance += (v.effectiveBalance / EFFECTIVE_BALANCE_INCREMENT) * perIncrement;
    }
  }

  /** apply_pending_deposit: a new validator (add_validator_to_registry) or a top-up. */
  private applyPendingDeposit(deposit: PendingDeposit): void {
    const existing = this.find(deposit.pubkey);
    if (existing) {
      existing.balance += deposit.amount;
      return;
    }
    const credentials = deposit.withdrawalCredentials.toLowerCase() as Hex;
    const validator: ValidatorRecord = {
      index: this.validators.length,
      pubkey: deposit.pubkey.toLowerCase() as Hex,
      withdrawalCredentials: credentials,
      balance: deposit.amount,
      effectiveBalance: minBigint(
        deposit.amount - (deposit.amount % EFFECTIVE_BALANCE_INCREMENT),
        maxEffectiveBalance(credentials),
      ),
      activationEligibilityEpoch: FAR_FUTURE_EPOCH,
      activationEpoch: FAR_FUTURE_EPOCH,
      exitEpoch: FAR_FUTURE_EPOCH,
      withdrawableEpoch: FAR_FUTURE_EPOCH,
    };
    this.validators.push(validator);
    this.byPubkey.set(validator.pubkey, validator);
  }

  /** process_pending_deposits at the end of `current`: finalized deposits, 16 at most, within the churn. */
  private processPendingDeposits(current: bigint): void {
    const next = current + 1n;
    const available = this.depositBalanceToConsume + this.activationExitChurnLimit(current);
    const finalizedSlot = finalizedEpochAt(current) * BigInt(this.params.slotsPerEpoch);
    let processed = 0n;
    let nextIndex = 0;
    let churnReached = false;
    const postponed: PendingDeposit[] = [];
    for (const deposit of this.pendingDeposits) {
      if (deposit.slot > finalizedSlot) break;
      if (nextIndex >= this.params.maxPendingDepositsPerEpoch) break;
      const validator = this.find(deposit.pubkey);
      const exited = validator !== undefined && validator.exitEpoch < FAR_FUTURE_EPOCH;
      const withdrawn = validator !== undefined && validator.withdrawableEpoch < next;
      if (withdrawn) {
        this.applyPendingDeposit(deposit);
      } else if (exited) {
        postponed.push(deposit);
      } else {
        churnReached = processed + deposit.amount > available;
        if (churnReached) break;
        processed += deposit.amount;
        this.applyPendingDeposit(deposit);
      }
      nextIndex += 1;
    }
    this.pendingDeposits = [...this.pendingDeposits.slice(nextIndex), ...postponed];
    this.depositBalanceToConsume = churnReached ? available - processed : 0n;
  }

  /** process_pending_consolidations: a withdrawable source's active balance moves to its target. */
  private processPendingConsolidations(next: bigint): void {
    let done = 0;
    for (const entry of this.pendingConsolidations) {
      const source = this.validators[entry.sourceIndex];
      const target = this.validators[entry.targetIndex];
      if (!source || !target) break;
      if (source.withdrawableEpoch > next) break;
      const moved = minBigint(source.balance, source.effectiveBalance);
      source.balance -= moved;
      target.balance += moved;
      done += 1;
    }
    this.pendingConsolidations = this.pendingConsolidations.slice(done);
  }

  /** process_withdrawal_request (EIP-7002): requests that break a rule are dropped, as on a real chain. */
  private applyWithdrawalRequest(request: WithdrawalRequestRecord, current: bigint): void {
    const fullExit = request.amount === 0n;
    if (!fullExit && this.pendingPartialWithdrawals.length >= PENDING_PARTIAL_WITHDRAWALS_LIMIT) return;
    const v = this.find(request.pubkey);
    if (!v || !hasExecutionCredentials(v) || !this.controls(v, request.source)) return;
    if (!isActive(v, current) || v.exitEpoch !== FAR_FUTURE_EPOCH) return;
    if (current < v.activationEpoch + BigInt(this.params.shardCommitteePeriod)) return;
    const pending = this.pendingBalanceToWithdraw(v.index);
    if (fullExit) {
      if (pending === 0n) this.initiateExit(v, current);
      return;
    }
    const compounding = v.withdrawalCredentials.startsWith("0x02");
    if (!compounding || v.effectiveBalance < MIN_ACTIVATION_BALANCE) return;
    if (v.balance <= MIN_ACTIVATION_BALANCE + pending) return;
    const amount = minBigint(v.balance - MIN_ACTIVATION_BALANCE - pending, request.amount);
    const exitQueueEpoch = this.exitEpochAndUpdateChurn(amount, current);
    this.pendingPartialWithdrawals.push({
      validatorIndex: v.index,
      amount,
      withdrawableEpoch: exitQueueEpoch + BigInt(this.params.minValidatorWithdrawabilityDelay),
    });
  }

  /** process_consolidation_request (EIP-7251): a switch to compounding, or a consolidation; else dropped. */
  private applyConsolidationRequest(request: ConsolidationRequestRecord, current: bigint): void {
    const source = this.find(request.sourcePubkey);
    const target = this.find(request.targetPubkey);
    if (source && source === target) {
      // is_valid_switch_to_compounding_request, then switch_to_compounding_validator.
      if (!source.withdrawalCredentials.startsWith("0x01") || !this.controls(source, request.source)) return;
      if (!isActive(source, current) || source.exitEpoch !== FAR_FUTURE_EPOCH) return;
      source.withdrawalCredentials = `0x02${source.withdrawalCredentials.slice(4)}`;
      if (source.balance > MIN_ACTIVATION_BALANCE) {
        // queue_excess_active_balance: the excess waits in pending_deposits (at GENESIS_SLOT: no finality wait).
        this.pendingDeposits.push({
          pubkey: source.pubkey,
          withdrawalCredentials: source.withdrawalCredentials,
          amount: source.balance - MIN_ACTIVATION_BALANCE,
          slot: 0n,
        });
        source.balance = MIN_ACTIVATION_BALANCE;
      }
      return;
    }
    if (request.sourcePubkey.toLowerCase() === request.targetPubkey.toLowerCase()) return;
    if (this.pendingConsolidations.length >= PENDING_CONSOLIDATIONS_LIMIT) return;
    if (this.consolidationChurnLimit(current) <= MIN_ACTIVATION_BALANCE) return;
    if (!source || !target) return;
    if (!hasExecutionCredentials(source) || !target.withdrawalCredentials.startsWith("0x02")) return;
    if (!this.controls(source, request.source)) return;
    for (const v of [source, target]) if (!isActive(v, current) || v.exitEpoch !== FAR_FUTURE_EPOCH) return;
    if (current < source.activationEpoch + BigInt(this.params.shardCommitteePeriod)) return;
    if (this.pendingBalanceToWithdraw(source.index) > 0n) return;
    source.exitEpoch = this.consolidationEpochAndUpdateChurn(source.effectiveBalance, current);
    source.withdrawableEpoch = source.exitEpoch + BigInt(this.params.minValidatorWithdrawabilityDelay);
    this.pendingConsolidations.push({ sourceIndex: source.index, targetIndex: target.index });
  }

  private controls(validator: ValidatorRecord, address: Address): boolean {
    return `0x${validator.withdrawalCredentials.slice(26)}` === address.toLowerCase();
  }

  /** process_registry_updates at the end of `current` (finalized eligibility before activation). */
  private updateRegistry(current: bigint): void {
    const finalized = finalizedEpochAt(current);
    for (const v of this.validators) {
      if (v.activationEligibilityEpoch === FAR_FUTURE_EPOCH && v.effectiveBalance >= MIN_ACTIVATION_BALANCE) {
        v.activationEligibilityEpoch = current + 1n;
      } else if (
        v.activationEpoch === FAR_FUTURE_EPOCH &&
        v.activationEligibilityEpoch <= finalized &&
        this.runs(v.pubkey)
      ) {
        v.activationEpoch = this.activationExitEpoch(current);
      }
    }
  }

  /** The withdrawals of the first block of `epoch`: due partial withdrawals, then the sweep. */
  private sweep(epoch: bigint): void {
    const remaining: PendingPartialWithdrawal[] = [];
    for (const entry of this.pendingPartialWithdrawals) {
      if (entry.withdrawableEpoch > epoch) {
        remaining.push(entry);
        continue;
      }
      const v = this.validators[entry.validatorIndex];
      if (!v || v.exitEpoch !== FAR_FUTURE_EPOCH || v.effectiveBalance < MIN_ACTIVATION_BALANCE) continue;
      if (v.balance > MIN_ACTIVATION_BALANCE)
        this.payOut(v, minBigint(v.balance - MIN_ACTIVATION_BALANCE, entry.amount), epoch);
    }
    this.pendingPartialWithdrawals = remaining;
    const every = BigInt(this.params.excessSweepEpochs);
    const sweepsExcess = every > 0n && epoch % every === 0n;
    for (const v of this.validators) {
      if (v.balance === 0n) continue;
      if (v.withdrawableEpoch >= epoch) {
        // Consensus specs' is_partially_withdrawable_validator: execution credentials, at the maximum
        // effective balance and above it.
        const max = maxEffectiveBalance(v.withdrawalCredentials);
        if (sweepsExcess && hasExecutionCredentials(v) && v.effectiveBalance === max && v.balance > max)
          this.payOut(v, v.balance - max, epoch);
        continue;
      }
      this.payOut(v, v.balance, epoch);
    }
  }

  private payOut(v: ValidatorRecord, amount: bigint, epoch: bigint): void {
    v.balance -= amount;
    this.withdrawn.set(v.index, (this.withdrawn.get(v.index) ?? 0n) + amount);
    if (!hasExecutionCredentials(v)) return;
    this.payouts.push({
      index: BigInt(this.payouts.length),
      epoch,
      validatorIndex: v.index,
      address: `0x${v.withdrawalCredentials.slice(26)}`,
      amount,
    });
  }

  private updateEffectiveBalances(): void {
    const hysteresis = EFFECTIVE_BALANCE_INCREMENT / HYSTERESIS_QUOTIENT;
    for (const v of this.validators) {
      if (
        v.balance + hysteresis * HYSTERESIS_DOWNWARD_MULTIPLIER < v.effectiveBalance ||
        v.effectiveBalance + hysteresis * HYSTERESIS_UPWARD_MULTIPLIER < v.balance
      ) {
        v.effectiveBalance = minBigint(
          v.balance - (v.balance % EFFECTIVE_BALANCE_INCREMENT),
          maxEffectiveBalance(v.withdrawalCredentials),
        );
      }
    }
  }
}

/** The finalized checkpoint's epoch during the transition out of `current`: the devnet finalizes one epoch behind. */
function finalizedEpochAt(current: bigint): bigint {
  return current > 0n ? current - 1n : 0n;
}

function hasExecutionCredentials(v: ValidatorRecord): boolean {
  return v.withdrawalCredentials.startsWith("0x01") || v.withdrawalCredentials.startsWith("0x02");
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
