import * as z from "zod/mini";
import { hexSchema } from "./wire.ts";

/**
 * GET /beacon-snapshot: what the consensus layer's head state says right now, read by the server from its
 * Beacon API node for one environment. The unstake dialog checks a request against it before the wallet is
 * asked (src/core/electra/request-checks.ts); the stake review and the validator cards compute queue ETAs from
 * it (src/core/queue-eta).
 */
export const beaconSnapshotPath = "/beacon-snapshot";

export const beaconSnapshotQuery = z.object({
  network: z.string().register(z.globalRegistry, { description: 'Network slug, e.g. "ethereum".' }),
  environment: z.string().register(z.globalRegistry, { description: 'Environment id, e.g. "mainnet", "devnet".' }),
  pubkey: z.optional(
    z
      .string()
      .check(z.regex(/^0x[0-9a-fA-F]{96}$/, "expected a validator public key, 0x and 96 hexadecimal digits"))
      .register(z.globalRegistry, { description: "A validator whose own state and pending withdrawals to include." }),
  ),
  target: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(0x[0-9a-fA-F]{96}|\d{1,12})$/,
          "expected a validator index (a whole number) or public key (0x and 96 hexadecimal digits)",
        ),
      )
      .register(z.globalRegistry, {
        description: "A consolidation's target validator, by index or public key, whose state to include as `target`.",
      }),
  ),
});

/** A whole number (epochs, slots, gwei) as a decimal string, read as a bigint. */
const uintCodec = z
  .codec(z.string().check(z.regex(/^\d+$/, "expected a whole number as a decimal string")), z.bigint(), {
    decode: (value) => BigInt(value),
    encode: (value) => value.toString(),
  })
  .register(z.globalRegistry, {
    type: "string",
    pattern: "^\\d+$",
    description: "A whole number as a decimal string.",
  });

/** One validator of the head state as the snapshot gives it. */
const snapshotValidator = z.object({
  index: z.number(),
  pubkey: hexSchema,
  status: z.string(),
  withdrawalCredentials: hexSchema,
  balanceGwei: uintCodec,
  effectiveBalanceGwei: uintCodec,
  activationEligibilityEpoch: uintCodec,
  activationEpoch: uintCodec,
  exitEpoch: uintCodec,
  withdrawableEpoch: uintCodec,
  /** Its entries in pending_partial_withdrawals. */
  pendingPartials: z.array(z.object({ amountGwei: uintCodec, withdrawableEpoch: uintCodec })),
});

export type SnapshotValidator = z.output<typeof snapshotValidator>;

export const beaconSnapshotResponse = z.object({
  /** The chain's configuration values the checks and ETAs use (GET /eth/v1/config/spec, mainnet's when absent). */
  spec: z.object({
    secondsPerSlot: uintCodec,
    slotsPerEpoch: uintCodec,
    shardCommitteePeriod: uintCodec,
    maxSeedLookahead: uintCodec,
    minValidatorWithdrawabilityDelay: uintCodec,
    minPerEpochChurnLimitGwei: uintCodec,
    churnLimitQuotient: uintCodec,
    maxPerEpochActivationExitChurnLimitGwei: uintCodec,
    maxPendingDepositsPerEpoch: uintCodec,
    maxWithdrawalsPerPayload: uintCodec,
  }),
  genesisTime: uintCodec,
  headSlot: uintCodec,
  finalizedEpoch: uintCodec,
  /** Sum of the active validators' effective balances and how many validators the state holds. */
  totalActiveBalanceGwei: uintCodec,
  validatorCount: z.number(),
  /** pending_deposits, in queue order: amount and the slot of the block that carried it. */
  pendingDeposits: z.array(z.object({ pubkey: hexSchema, amountGwei: uintCodec, slot: uintCodec })),
  /** Entries in pending_partial_withdrawals (the whole queue). */
  partialQueueLength: z.number(),
  /**
   * The exit queue's tail as the state shows it: the latest exit epoch of an exiting validator or pending partial
   * withdrawal, and the gwei already queued for that epoch.
   */
  exitQueue: z.object({ lastEpoch: uintCodec, balanceAtLastEpochGwei: uintCodec }),
  /** pending_consolidations, in queue order (each source's balance moves to its target once withdrawable). */
  pendingConsolidations: z.array(z.object({ sourceIndex: z.number(), targetIndex: z.number() })),
  /**
   * get_consolidation_churn_limit at the head, gwei: the balance churn left above the activation/exit churn. The
   * consensus layer drops every consolidation while it is at most MIN_ACTIVATION_BALANCE (32 ETH).
   */
  consolidationChurnLimitGwei: uintCodec,
  /**
   * The consolidation queue's tail as the state shows it: the latest exit epoch of a source in
   * pending_consolidations, and the gwei (effective balances) queued for that epoch.
   */
  consolidationQueue: z.object({ lastEpoch: uintCodec, balanceAtLastEpochGwei: uintCodec }),
  /** The validator asked for (null when the state does not know it or none was asked). */
  validator: z.nullable(snapshotValidator),
  /** The consolidation target asked for (null when the state does not know it or none was asked). */
  target: z.nullable(snapshotValidator),
});

export type BeaconSnapshot = z.output<typeof beaconSnapshotResponse>;
