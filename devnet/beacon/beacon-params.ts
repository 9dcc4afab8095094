import type { Address, Hex } from "viem";

/** Consensus-spec constants in gwei. */
export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;
export const EFFECTIVE_BALANCE_INCREMENT = 1_000_000_000n;
export const MIN_ACTIVATION_BALANCE = 32_000_000_000n;
export const MAX_EFFECTIVE_BALANCE = 32_000_000_000n;
export const MAX_EFFECTIVE_BALANCE_ELECTRA = 2_048_000_000_000n;
export const BASE_REWARD_FACTOR = 64n;
export const HYSTERESIS_QUOTIENT = 4n;
export const HYSTERESIS_DOWNWARD_MULTIPLIER = 1n;
export const HYSTERESIS_UPWARD_MULTIPLIER = 5n;
/** Electra presets: queue sizes past which requests are dropped. */
export const PENDING_PARTIAL_WITHDRAWALS_LIMIT = 134_217_728;
export const PENDING_CONSOLIDATIONS_LIMIT = 262_144;
/** The withdrawal sweep's per-payload limits (mainnet preset): they bound how soon a sweep reaches a validator. */
export const MAX_WITHDRAWALS_PER_PAYLOAD = 16;

/**
 * The devnet consensus layer's configuration. Time runs faster than on mainnet (short slots and epochs,
 * short delays) so validators move through their statuses in seconds; everything else follows the
 * consensus specs. /eth/v1/config/spec reports these values, so a client that reads the spec computes with
 * the devnet's numbers.
 */
export interface BeaconParams {
  readonly secondsPerSlot: number;
  readonly slotsPerEpoch: number;
  /** Epochs between a deposit's eligibility and activation, and between an exit request and the exit. */
  readonly maxSeedLookahead: number;
  /** Epochs from exit to withdrawable. */
  readonly minValidatorWithdrawabilityDelay: number;
  /** Epochs a validator must have been active before it may exit. */
  readonly shardCommitteePeriod: number;
  /**
   * Active balance (gwei) of the rest of the network, added to the devnet validators' own in the base reward
   * formula, so per-epoch rewards are the size they are on mainnet instead of those of a one-validator chain.
   */
  readonly backgroundActiveBalance: bigint;
  /**
   * Every this many epochs the withdrawal sweep pays out the balance above the maximum effective balance of
   * each active 0x01/0x02 validator at that maximum (a partial withdrawal of excess, as mainnet's sweep does
   * every few days); 0 turns it off (the default, so the devnet's balances keep growing).
   */
  readonly excessSweepEpochs: number;
  /**
   * MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA, gwei. Churn counts the validators this node serves, a few on the devnet, so
   * the floor sets it: the devnet's 512 ETH gives mainnet's activation/exit churn (256 ETH an epoch) and leaves
   * 256 ETH an epoch for consolidations, which the spec refuses at or below 32 ETH.
   */
  readonly minPerEpochChurnLimit: bigint;
  /** CHURN_LIMIT_QUOTIENT. */
  readonly churnLimitQuotient: bigint;
  /** MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT, gwei. */
  readonly maxPerEpochActivationExitChurnLimit: bigint;
  /** MAX_PENDING_DEPOSITS_PER_EPOCH. */
  readonly maxPendingDepositsPerEpoch: number;
  readonly genesisForkVersion: Hex;
  readonly depositChainId: number;
  readonly depositContract: Address;
  readonly withdrawalRequestContract: Address;
  readonly consolidationRequestContract: Address;
}

export const DEFAULT_BEACON_PARAMS = {
  secondsPerSlot: 1,
  slotsPerEpoch: 4,
  maxSeedLookahead: 1,
  minValidatorWithdrawabilityDelay: 2,
  shardCommitteePeriod: 0,
  backgroundActiveBalance: 34_000_000n * 1_000_000_000n,
  excessSweepEpochs: 0,
  minPerEpochChurnLimit: 512_000_000_000n,
  churnLimitQuotient: 65_536n,
  maxPerEpochActivationExitChurnLimit: 256_000_000_000n,
  maxPendingDepositsPerEpoch: 16,
} as const;

/** GET /eth/v1/config/spec: every value a string, as beacon nodes serve them. */
export function specValues(params: BeaconParams): Record<string, string> {
  return {
    CONFIG_NAME: "devnet",
    PRESET_BASE: "devnet",
    GENESIS_FORK_VERSION: params.genesisForkVersion,
    SECONDS_PER_SLOT: String(params.secondsPerSlot),
    SLOTS_PER_EPOCH: String(params.slotsPerEpoch),
    MAX_SEED_LOOKAHEAD: String(params.maxSeedLookahead),
    MIN_VALIDATOR_WITHDRAWABILITY_DELAY: String(params.minValidatorWithdrawabilityDelay),
    SHARD_COMMITTEE_PERIOD: String(params.shardCommitteePeriod),
    MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: String(params.minPerEpochChurnLimit),
    CHURN_LIMIT_QUOTIENT: String(params.churnLimitQuotient),
    MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: String(params.maxPerEpochActivationExitChurnLimit),
    MAX_PENDING_DEPOSITS_PER_EPOCH: String(params.maxPendingDepositsPerEpoch),
    MAX_WITHDRAWALS_PER_PAYLOAD: String(MAX_WITHDRAWALS_PER_PAYLOAD),
    PENDING_PARTIAL_WITHDRAWALS_LIMIT: String(PENDING_PARTIAL_WITHDRAWALS_LIMIT),
    PENDING_CONSOLIDATIONS_LIMIT: String(PENDING_CONSOLIDATIONS_LIMIT),
    DEPOSIT_CHAIN_ID: String(params.depositChainId),
    DEPOSIT_NETWORK_ID: String(params.depositChainId),
    DEPOSIT_CONTRACT_ADDRESS: params.depositContract.toLowerCase(),
    FAR_FUTURE_EPOCH: String(FAR_FUTURE_EPOCH),
    EFFECTIVE_BALANCE_INCREMENT: String(EFFECTIVE_BALANCE_INCREMENT),
    MIN_ACTIVATION_BALANCE: String(MIN_ACTIVATION_BALANCE),
    MAX_EFFECTIVE_BALANCE: String(MAX_EFFECTIVE_BALANCE),
    MAX_EFFECTIVE_BALANCE_ELECTRA: String(MAX_EFFECTIVE_BALANCE_ELECTRA),
    BASE_REWARD_FACTOR: String(BASE_REWARD_FACTOR),
    HYSTERESIS_QUOTIENT: String(HYSTERESIS_QUOTIENT),
    HYSTERESIS_DOWNWARD_MULTIPLIER: String(HYSTERESIS_DOWNWARD_MULTIPLIER),
    HYSTERESIS_UPWARD_MULTIPLIER: String(HYSTERESIS_UPWARD_MULTIPLIER),
  };
}
