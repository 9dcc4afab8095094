import type { BeaconNode } from "./beacon-node.ts";
import { specValues } from "./beacon-params.ts";
import { block, blockHeader, finalityCheckpoints } from "./block-routes.ts";
import { liveness } from "./liveness-route.ts";
import { BadRequestError, listParam, selectValidators, validatorJson } from "./validator-query.ts";

export interface BeaconRequest {
  readonly method: string;
  readonly params: readonly string[];
  readonly query: URLSearchParams;
  /** Parsed JSON body of a POST, else undefined. */
  readonly body: unknown;
}

export type BeaconHandler = (node: BeaconNode, request: BeaconRequest) => Promise<unknown>;

function stringList(value: unknown, name: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new BadRequestError(`${name} must be an array of strings`);
  }
  return value as string[];
}

const genesis: BeaconHandler = async (node) => ({
  data: {
    genesis_time: String(node.watcher.genesisTime),
    genesis_validators_root: `0x${"00".repeat(32)}`,
    genesis_fork_version: node.params.genesisForkVersion,
  },
});

const spec: BeaconHandler = async (node) => ({ data: specValues(node.params) });

const syncing: BeaconHandler = async (node) => {
  await node.watcher.sync();
  return {
    data: {
      head_slot: String(node.headSlot()),
      sync_distance: "0",
      is_syncing: false,
      is_optimistic: false,
      el_offline: false,
    },
  };
};

const validators: BeaconHandler = async (node, request) => {
  const [stateId = "head"] = request.params;
  const body = (request.body ?? {}) as { ids?: unknown; statuses?: unknown };
  const ids = request.method === "POST" ? stringList(body.ids, "ids") : listParam(request.query.getAll("id"));
  const statuses =
    request.method === "POST" ? stringList(body.statuses, "statuses") : listParam(request.query.getAll("status"));
  const { state, epoch, finalized } = await node.stateAt(stateId);
  return {
    execution_optimistic: false,
    finalized,
    data: selectValidators(state, epoch, ids, statuses).map((validator) => validatorJson(validator, epoch)),
  };
};

const validatorBalances: BeaconHandler = async (node, request) => {
  const [stateId = "head"] = request.params;
  const ids =
    request.method === "POST" ? stringList(request.body ?? [], "body") : listParam(request.query.getAll("id"));
  const { state, epoch, finalized } = await node.stateAt(stateId);
  return {
    execution_optimistic: false,
    finalized,
    data: selectValidators(state, epoch, ids, []).map((v) => ({ index: String(v.index), balance: String(v.balance) })),
  };
};

/** GET /eth/v1/beacon/states/{state_id}/pending_deposits (Electra): the state's pending_deposits, in order. */
const pendingDeposits: BeaconHandler = async (node, request) => {
  const { state, finalized } = await node.stateAt(request.params[0] ?? "head");
  return {
    version: "electra",
    execution_optimistic: false,
    finalized,
    data: state.pendingDeposits.map((deposit) => ({
      pubkey: deposit.pubkey.toLowerCase(),
      withdrawal_credentials: deposit.withdrawalCredentials.toLowerCase(),
      amount: String(deposit.amount),
      // The devnet checks no BLS signatures, and the chain watcher keeps none.
      signature: `0x${"00".repeat(96)}`,
      slot: String(deposit.slot),
    })),
  };
};

/** GET /eth/v1/beacon/states/{state_id}/pending_partial_withdrawals (Electra). */
const pendingPartialWithdrawals: BeaconHandler = async (node, request) => {
  const { state, finalized } = await node.stateAt(request.params[0] ?? "head");
  return {
    version: "electra",
    execution_optimistic: false,
    finalized,
    data: state.pendingPartialWithdrawals.map((entry) => ({
      validator_index: String(entry.validatorIndex),
      amount: String(entry.amount),
      withdrawable_epoch: String(entry.withdrawableEpoch),
    })),
  };
};

/** GET /eth/v1/beacon/states/{state_id}/pending_consolidations (Electra). */
const pendingConsolidations: BeaconHandler = async (node, request) => {
  const { state, finalized } = await node.stateAt(request.params[0] ?? "head");
  return {
    version: "electra",
    execution_optimistic: false,
    finalized,
    data: state.pendingConsolidations.map((entry) => ({
      source_index: String(entry.sourceIndex),
      target_index: String(entry.targetIndex),
    })),
  };
};

/** Method, path pattern and handler of every endpoint the stand-in serves. */
export const BEACON_ROUTES: readonly (readonly [string, RegExp, BeaconHandler])[] = [
  ["GET", /^\/eth\/v1\/beacon\/genesis$/, genesis],
  ["GET", /^\/eth\/v1\/config\/spec$/, spec],
  ["GET", /^\/eth\/v1\/node\/syncing$/, syncing],
  ["GET", /^\/eth\/v1\/beacon\/headers\/([^/]+)$/, blockHeader],
  ["GET", /^\/eth\/v2\/beacon\/blocks\/([^/]+)$/, block],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/finality_checkpoints$/, finalityCheckpoints],
  ["POST", /^\/eth\/v1\/validator\/liveness\/([^/]+)$/, liveness],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/validators$/, validators],
  ["POST", /^\/eth\/v1\/beacon\/states\/([^/]+)\/validators$/, validators],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/validator_balances$/, validatorBalances],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/pending_deposits$/, pendingDeposits],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/pending_partial_withdrawals$/, pendingPartialWithdrawals],
  ["GET", /^\/eth\/v1\/beacon\/states\/([^/]+)\/pending_consolidations$/, pendingConsolidations],
  ["POST", /^\/eth\/v1\/beacon\/states\/([^/]+)\/validator_balances$/, validatorBalances],
];
