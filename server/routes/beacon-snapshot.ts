import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type BeaconSnapshot,
  beaconSnapshotPath,
  beaconSnapshotQuery,
  beaconSnapshotResponse,
  type SnapshotValidator,
} from "../../src/core/api/beacon-snapshot.ts";
import { consolidationChurnLimit } from "../../src/core/queue-eta/electra.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { BeaconApiError, BeaconReads } from "../indexer/beacon-reads.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

const decimal = z.string().regex(/^\d+$/);

const specAnswer = z.object({ data: z.record(z.string(), z.unknown()) });
const genesisAnswer = z.object({ data: z.object({ genesis_time: decimal }) });
const headerAnswer = z.object({ data: z.object({ header: z.object({ message: z.object({ slot: decimal }) }) }) });
const finalityAnswer = z.object({ data: z.object({ finalized: z.object({ epoch: decimal }) }) });
const validatorsAnswer = z.object({
  data: z.array(
    z.object({
      index: decimal,
      balance: decimal,
      status: z.string(),
      validator: z.object({
        pubkey: z.string(),
        withdrawal_credentials: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
        effective_balance: decimal,
        activation_eligibility_epoch: decimal,
        activation_epoch: decimal,
        exit_epoch: decimal,
        withdrawable_epoch: decimal,
      }),
    }),
  ),
});
const pendingDepositsAnswer = z.object({
  data: z.array(z.object({ pubkey: z.string().regex(/^0x[0-9a-fA-F]{96}$/), amount: decimal, slot: decimal })),
});
const pendingPartialsAnswer = z.object({
  data: z.array(z.object({ validator_index: decimal, amount: decimal, withdrawable_epoch: decimal })),
});
const pendingConsolidationsAnswer = z.object({
  data: z.array(z.object({ source_index: decimal, target_index: decimal })),
});

/** Mainnet's values (consensus-specs configs/mainnet.yaml, presets/mainnet) for a node whose spec leaves one out. */
const MAINNET_SPEC = {
  SECONDS_PER_SLOT: 12n,
  SLOTS_PER_EPOCH: 32n,
  SHARD_COMMITTEE_PERIOD: 256n,
  MAX_SEED_LOOKAHEAD: 4n,
  MIN_VALIDATOR_WITHDRAWABILITY_DELAY: 256n,
  MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA: 128_000_000_000n,
  CHURN_LIMIT_QUOTIENT: 65_536n,
  MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT: 256_000_000_000n,
  MAX_PENDING_DEPOSITS_PER_EPOCH: 16n,
  MAX_WITHDRAWALS_PER_PAYLOAD: 16n,
} as const;

async function parsed<S extends z.ZodType>(beacon: BeaconReads, schema: S, path: string, what: string) {
  const body = await beacon.read(path, what);
  const result = schema.safeParse(body);
  if (!result.success) throw new BeaconApiError(`the Beacon API answered ${what} out of spec`);
  return result.data as z.output<S>;
}

type ValidatorEntry = z.output<typeof validatorsAnswer>["data"][number];
type PartialEntry = z.output<typeof pendingPartialsAnswer>["data"][number];

/** One validator of the state as the snapshot gives it, with its entries of pending_partial_withdrawals. */
function snapshotValidatorOf(entry: ValidatorEntry, partials: readonly PartialEntry[]): SnapshotValidator {
  return {
    index: Number(entry.index),
    pubkey: entry.validator.pubkey.toLowerCase() as `0x${string}`,
    status: entry.status,
    withdrawalCredentials: entry.validator.withdrawal_credentials.toLowerCase() as `0x${string}`,
    balanceGwei: BigInt(entry.balance),
    effectiveBalanceGwei: BigInt(entry.validator.effective_balance),
    activationEligibilityEpoch: BigInt(entry.validator.activation_eligibility_epoch),
    activationEpoch: BigInt(entry.validator.activation_epoch),
    exitEpoch: BigInt(entry.validator.exit_epoch),
    withdrawableEpoch: BigInt(entry.validator.withdrawable_epoch),
    pendingPartials: partials
      .filter((partial) => partial.validator_index === entry.index)
      .map((partial) => ({
        amountGwei: BigInt(partial.amount),
        withdrawableEpoch: BigInt(partial.withdrawable_epoch),
      })),
  };
}

/** The latest epoch among `queued` ([epoch, gwei] pairs) and the gwei queued for it. */
function queueTail(queued: readonly (readonly [bigint, bigint])[]) {
  const lastEpoch = queued.reduce((latest, [epoch]) => (epoch > latest ? epoch : latest), 0n);
  const balanceAtLastEpochGwei = queued.reduce((sum, [epoch, gwei]) => (epoch === lastEpoch ? sum + gwei : sum), 0n);
  return { lastEpoch, balanceAtLastEpochGwei };
}

/**
 * Reads one consistent head state (everything at the head's slot) from the environment's Beacon API node, with
 * the validator `pubkey` and a consolidation's `target` (index or public key) when asked.
 */
export async function readBeaconSnapshot(
  url: string,
  pubkey: string | undefined,
  target?: string,
): Promise<BeaconSnapshot> {
  const beacon = new BeaconReads(url);
  const [spec, genesis, header] = await Promise.all([
    parsed(beacon, specAnswer, "/eth/v1/config/spec", "the chain's spec"),
    parsed(beacon, genesisAnswer, "/eth/v1/beacon/genesis", "the genesis"),
    parsed(beacon, headerAnswer, "/eth/v1/beacon/headers/head", "the head block"),
  ]);
  const value = (name: keyof typeof MAINNET_SPEC) => {
    const given = spec.data[name];
    return typeof given === "string" && /^\d+$/.test(given) ? BigInt(given) : MAINNET_SPEC[name];
  };
  const slot = header.data.header.message.slot;
  const state = `/eth/v1/beacon/states/${slot}`;
  const [finality, active, exiting, deposits, partials, consolidations, own, targeted] = await Promise.all([
    parsed(beacon, finalityAnswer, `${state}/finality_checkpoints`, "the finality checkpoints"),
    parsed(
      beacon,
      validatorsAnswer,
      `${state}/validators?status=active_ongoing,active_exiting`,
      "the active validators",
    ),
    parsed(beacon, validatorsAnswer, `${state}/validators?status=active_exiting`, "the exiting validators"),
    parsed(beacon, pendingDepositsAnswer, `${state}/pending_deposits`, "the pending deposits"),
    parsed(beacon, pendingPartialsAnswer, `${state}/pending_partial_withdrawals`, "the pending partial withdrawals"),
    parsed(beacon, pendingConsolidationsAnswer, `${state}/pending_consolidations`, "the pending consolidations"),
    pubkey
      ? parsed(beacon, validatorsAnswer, `${state}/validators?id=${pubkey}`, "the validator")
      : Promise.resolve({ data: [] }),
    target
      ? parsed(beacon, validatorsAnswer, `${state}/validators?id=${target}`, "the consolidation's target validator")
      : Promise.resolve({ data: [] }),
  ]);
  const withdrawabilityDelay = value("MIN_VALIDATOR_WITHDRAWABILITY_DELAY");
  // The exit queue's tail: exits (not consolidation sources, which have their own churn) and partial withdrawals.
  const consolidating = new Set(consolidations.data.map((entry) => entry.source_index));
  const queued: [bigint, bigint][] = [
    ...exiting.data
      .filter((entry) => !consolidating.has(entry.index))
      .map(
        (entry) => [BigInt(entry.validator.exit_epoch), BigInt(entry.validator.effective_balance)] as [bigint, bigint],
      ),
    ...partials.data.map(
      (entry) => [BigInt(entry.withdrawable_epoch) - withdrawabilityDelay, BigInt(entry.amount)] as [bigint, bigint],
    ),
  ];
  // The consolidation queue's tail: its sources, each given an exit epoch by the consolidation churn.
  const consolidationQueued = exiting.data
    .filter((entry) => consolidating.has(entry.index))
    .map((entry) => [BigInt(entry.validator.exit_epoch), BigInt(entry.validator.effective_balance)] as const);
  const total = active.data.reduce((sum, entry) => sum + BigInt(entry.validator.effective_balance), 0n);
  const [mine] = own.data;
  const [theirs] = targeted.data;
  const snapshot: BeaconSnapshot = {
    spec: {
      secondsPerSlot: value("SECONDS_PER_SLOT"),
      slotsPerEpoch: value("SLOTS_PER_EPOCH"),
      shardCommitteePeriod: value("SHARD_COMMITTEE_PERIOD"),
      maxSeedLookahead: value("MAX_SEED_LOOKAHEAD"),
      minValidatorWithdrawabilityDelay: withdrawabilityDelay,
      minPerEpochChurnLimitGwei: value("MIN_PER_EPOCH_CHURN_LIMIT_ELECTRA"),
      churnLimitQuotient: value("CHURN_LIMIT_QUOTIENT"),
      maxPerEpochActivationExitChurnLimitGwei: value("MAX_PER_EPOCH_ACTIVATION_EXIT_CHURN_LIMIT"),
      maxPendingDepositsPerEpoch: value("MAX_PENDING_DEPOSITS_PER_EPOCH"),
      maxWithdrawalsPerPayload: value("MAX_WITHDRAWALS_PER_PAYLOAD"),
    },
    genesisTime: BigInt(genesis.data.genesis_time),
    headSlot: BigInt(slot),
    finalizedEpoch: BigInt(finality.data.finalized.epoch),
    totalActiveBalanceGwei: total,
    validatorCount: active.data.length,
    pendingDeposits: deposits.data.map((entry) => ({
      pubkey: entry.pubkey.toLowerCase() as `0x${string}`,
      amountGwei: BigInt(entry.amount),
      slot: BigInt(entry.slot),
    })),
    partialQueueLength: partials.data.length,
    exitQueue: queueTail(queued),
    pendingConsolidations: consolidations.data.map((entry) => ({
      sourceIndex: Number(entry.source_index),
      targetIndex: Number(entry.target_index),
    })),
    consolidationChurnLimitGwei: 0n,
    consolidationQueue: queueTail(consolidationQueued),
    validator: mine ? snapshotValidatorOf(mine, partials.data) : null,
    target: theirs ? snapshotValidatorOf(theirs, partials.data) : null,
  };
  return { ...snapshot, consolidationChurnLimitGwei: consolidationChurnLimit(snapshot) };
}

function beaconOf(served: readonly ServedEnvironment[], network: string, environment: string): string {
  const entries = served.filter((entry) => entry.network === network && !entry.subNetwork);
  if (entries.length === 0) {
    const offered = [...new Set(served.filter((entry) => entry.beaconApiUrl).map((entry) => `"${entry.network}"`))];
    throw new ApiError(400, "invalid_query", `network: expected ${offered.join(" or ")}`, "network");
  }
  const entry = entries.find((candidate) => candidate.environment.id === environment);
  if (!entry) {
    const ids = entries.map((candidate) => `"${candidate.environment.id}"`).join(" or ");
    throw new ApiError(400, "invalid_query", `environment: expected ${ids}`, "environment");
  }
  if (!entry.beaconApiUrl) {
    throw new ApiError(503, "not_configured", `No Beacon API node is configured for ${network} ${environment}`);
  }
  return entry.beaconApiUrl;
}

/** GET /beacon-snapshot: the head state's figures the request pre-checks and queue ETAs need, read live. */
export async function beaconSnapshotRoutes(app: FastifyInstance, { served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    beaconSnapshotPath,
    {
      schema: {
        summary: "The consensus layer's head state for request pre-checks and queue ETAs",
        description:
          "Read live from the environment's Beacon API node (spec, genesis, finality, validators, pending_deposits, pending_partial_withdrawals, pending_consolidations), all at the head's slot. 502 with a retry hint when that node cannot be read.",
        tags: ["validators"],
        querystring: beaconSnapshotQuery,
        response: { 200: beaconSnapshotResponse },
      },
    },
    async (request) => {
      const { network, environment, pubkey, target } = request.query;
      const url = beaconOf(served, network, environment);
      try {
        return await readBeaconSnapshot(url, pubkey, target);
      } catch (error) {
        if (error instanceof BeaconApiError) throw new ApiError(502, "beacon_unavailable", error.message, undefined, 5);
        throw error;
      }
    },
  );
}
