import type { BeaconState, ValidatorRecord, ValidatorStatus } from "./beacon-state.ts";
import { validatorStatus } from "./beacon-state.ts";

export class BadRequestError extends Error {}

const STATUSES: readonly ValidatorStatus[] = [
  "pending_initialized",
  "pending_queued",
  "active_ongoing",
  "active_exiting",
  "exited_unslashed",
  "withdrawal_possible",
  "withdrawal_done",
];
/** Status names a client may filter on: the exact ones, their general groups, and slashed ones we never have. */
const GENERAL = ["pending", "active", "exited", "withdrawal"] as const;
const NEVER = ["active_slashed", "exited_slashed"];

/** Splits repeated and comma-separated values ("id=1,2&id=0xab"). */
export function listParam(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** Validators selected by ids (indices or 0x pubkeys) and statuses, in index order. Empty lists select all. */
export function selectValidators(
  state: BeaconState,
  epoch: bigint,
  ids: readonly string[],
  statuses: readonly string[],
): ValidatorRecord[] {
  for (const status of statuses) {
    const known = (STATUSES as readonly string[]).includes(status) || (GENERAL as readonly string[]).includes(status);
    if (!known && !NEVER.includes(status)) throw new BadRequestError(`Invalid validator status: ${status}`);
  }
  let selected: ValidatorRecord[];
  if (ids.length === 0) {
    selected = [...state.validators];
  } else {
    const found = new Map<number, ValidatorRecord>();
    for (const id of ids) {
      let validator: ValidatorRecord | undefined;
      if (/^0x[0-9a-fA-F]{96}$/.test(id)) validator = state.find(id as `0x${string}`);
      else if (/^\d+$/.test(id)) validator = state.validators[Number(id)];
      else throw new BadRequestError(`Invalid validator ID: ${id}`);
      if (validator) found.set(validator.index, validator);
    }
    selected = [...found.values()].sort((a, b) => a.index - b.index);
  }
  if (statuses.length === 0) return selected;
  return selected.filter((validator) => {
    const status = validatorStatus(validator, epoch);
    return statuses.some((wanted) => status === wanted || status.startsWith(`${wanted}_`));
  });
}

/** The Beacon API's ValidatorResponse. */
export function validatorJson(validator: ValidatorRecord, epoch: bigint) {
  return {
    index: String(validator.index),
    balance: String(validator.balance),
    status: validatorStatus(validator, epoch),
    validator: {
      pubkey: validator.pubkey,
      withdrawal_credentials: validator.withdrawalCredentials,
      effective_balance: String(validator.effectiveBalance),
      slashed: false,
      activation_eligibility_epoch: String(validator.activationEligibilityEpoch),
      activation_epoch: String(validator.activationEpoch),
      exit_epoch: String(validator.exitEpoch),
      withdrawable_epoch: String(validator.withdrawableEpoch),
    },
  };
}
