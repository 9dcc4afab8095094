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

/**
 * Replays the devnet's deposits and withdrawal requests epoch by epoch with the consensus specs' rules,
 * simplified where a single-operator devnet allows: an event in epoch E takes effect at the transition to
 * E + 1 (registry updates run before it, so a new validator shows pending_initialized for one epoch, then
 * pending_queued, then activates MAX_SEED_LOOKAHEAD + 1 epochs later); every active validator performs perfectly
 * and earns the full base reward each epoch; no churn limit, no slashing, no BLS checks, no partial sweep of
 * excess balance unless `excessSweepEpochs` asks for it; a fully withdrawable validator is swept at the next
 * transition. A validator no validator client runs (`runs`) never activates: it stays pending_queued and earns
 * nothing. `withdrawn` records what left each validator, so the node can credit it on the execution chain, and
 * `payouts` each withdrawal, for the blocks that carry them.
 */
export class BeaconState {
  readonly validators: ValidatorRecord[] = [];
  /** Gwei paid out to each validator's withdrawal address so far (sweeps and partial withdrawals), by index. */
  readonly withdrawn = new Map<number, bigint>();
  /** Every withdrawal to an execution address so far, oldest first. */
  readonly payouts: Payout[] = [];
  /** Exiting validators whose balance goes to another validator (EIP-7251): source index to target. */
  private readonly consolidations = new Map<number, ValidatorRecord>();
  private readonly byPubkey = new Map<Hex, ValidatorRecord>();
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

  /** Runs the transitions into every epoch up to `target`, with `events` sorted by slot. */
  advance(target: bigint, events: readonly ChainEvent[]): void {
    while (this.epoch < target) {
      const previous = this.epoch;
      const next = previous + 1n;
      this.rewardActive(previous);
      this.updateRegistry(previous, next);
      for (const event of events) {
        if (this.epochOf(event.slot) !== previous) continue;
        if (event.kind === "deposit") this.applyDeposit(event);
        else if (event.kind === "withdrawalRequest") this.applyWithdrawalRequest(event, previous, next);
        else this.applyConsolidationRequest(event, previous, next);
      }
      this.sweep(next);
      this.updateEffectiveBalances();
      this.epoch = next;
    }
  }

  find(pubkey: Hex): ValidatorRecord | undefined {
    return this.byPubkey.get(pubkey.toLowerCase() as Hex);
  }

  /** Per-increment base reward: EFFECTIVE_BALANCE_INCREMENT * BASE_REWARD_FACTOR / isqrt(total active balance). */
  baseRewardPerIncrement(epoch: bigint): bigint {
    let total = this.params.backgroundActiveBalance;
    for (const v of this.validators) if (isActive(v, epoch)) total += v.effectiveBalance;
    if (total < EFFECTIVE_BALANCE_INCREMENT) total = EFFECTIVE_BALANCE_INCREMENT;
    return (EFFECTIVE_BALANCE_INCREMENT * BASE_REWARD_FACTOR) / integerSquareRoot(total);
  }

  private rewardActive(epoch: bigint): void {
    const perIncrement = this.baseRewardPerIncrement(epoch);
    for (const v of this.validators) {
      if (isActive(v, epoch)) v.balance += (v.effectiveBalance / EFFECTIVE_BALANCE_INCREMENT) * perIncrement;
    }
  }

  private applyDeposit(deposit: DepositRecord): void {
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

  /** EIP-7002 processing: requests that fail a check are ignored, as on a real chain. */
  private applyWithdrawalRequest(request: WithdrawalRequestRecord, previous: bigint, next: bigint): void {
    const v = this.find(request.pubkey);
    if (!v) return;
    const prefix = v.withdrawalCredentials.slice(0, 4);
    if (prefix !== "0x01" && prefix !== "0x02") return;
    if (!this.controls(v, request.source)) return;
    if (!isActive(v, previous) || v.exitEpoch !== FAR_FUTURE_EPOCH) return;
    if (previous < v.activationEpoch + BigInt(this.params.shardCommitteePeriod)) return;
    if (request.amount === 0n) {
      v.exitEpoch = next + 1n + BigInt(this.params.maxSeedLookahead);
      v.withdrawableEpoch = v.exitEpoch + BigInt(this.params.minValidatorWithdrawabilityDelay);
    } else if (prefix === "0x02" && v.balance > MIN_ACTIVATION_BALANCE) {
      this.payOut(v, minBigint(request.amount, v.balance - MIN_ACTIVATION_BALANCE), next);
    }
  }

  /** EIP-7251 processing: a switch to compounding, or a consolidation into a 0x02 validator; else ignored. */
  private applyConsolidationRequest(request: ConsolidationRequestRecord, previous: bigint, next: bigint): void {
    const source = this.find(request.sourcePubkey);
    const target = this.find(request.targetPubkey);
    if (!source || !target) return;
    const prefix = source.withdrawalCredentials.slice(0, 4);
    if ((prefix !== "0x01" && prefix !== "0x02") || !this.controls(source, request.source)) return;
    if (source === target) {
      if (prefix === "0x01") source.withdrawalCredentials = `0x02${source.withdrawalCredentials.slice(4)}`;
      return;
    }
    if (!target.withdrawalCredentials.startsWith("0x02")) return;
    for (const v of [source, target]) if (!isActive(v, previous) || v.exitEpoch !== FAR_FUTURE_EPOCH) return;
    if (previous < source.activationEpoch + BigInt(this.params.shardCommitteePeriod)) return;
    source.exitEpoch = next + 1n + BigInt(this.params.maxSeedLookahead);
    source.withdrawableEpoch = source.exitEpoch + BigInt(this.params.minValidatorWithdrawabilityDelay);
    this.consolidations.set(source.index, target);
  }

  private controls(validator: ValidatorRecord, address: Address): boolean {
    return `0x${validator.withdrawalCredentials.slice(26)}` === address.toLowerCase();
  }

  private updateRegistry(previous: bigint, next: bigint): void {
    for (const v of this.validators) {
      if (v.activationEligibilityEpoch === FAR_FUTURE_EPOCH && v.effectiveBalance >= MIN_ACTIVATION_BALANCE) {
        v.activationEligibilityEpoch = next;
      } else if (
        v.activationEpoch === FAR_FUTURE_EPOCH &&
        v.activationEligibilityEpoch <= previous &&
        this.runs(v.pubkey)
      ) {
        v.activationEpoch = next + 1n + BigInt(this.params.maxSeedLookahead);
      }
    }
  }

  private sweep(epoch: bigint): void {
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
      const target = this.consolidations.get(v.index);
      if (target) {
        target.balance += v.balance; // simplification: the whole balance moves, not min(balance, effective)
        v.balance = 0n;
      } else {
        this.payOut(v, v.balance, epoch);
      }
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

function hasExecutionCredentials(v: ValidatorRecord): boolean {
  return v.withdrawalCredentials.startsWith("0x01") || v.withdrawalCredentials.startsWith("0x02");
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
