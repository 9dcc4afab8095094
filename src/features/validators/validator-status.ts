/** Statuses with their own text under `validators.status`: the Beacon API's, plus the indexer's "deposited". */
const KNOWN = new Set([
  "deposited",
  "pending_initialized",
  "pending_queued",
  "active_ongoing",
  "active_exiting",
  "active_slashed",
  "exited_unslashed",
  "exited_slashed",
  "withdrawal_possible",
  "withdrawal_done",
]);

/** The locale key of a validator status's label, or undefined for a status this version does not know. */
export function statusKey(status: string): string | undefined {
  return KNOWN.has(status) ? `validators.status.${status}` : undefined;
}

/** Whether an EIP-7002 request (partial withdrawal or exit) can take effect now. */
export function canUnstake(status: string, withdrawalAddress: string | null): boolean {
  return status === "active_ongoing" && withdrawalAddress !== null;
}

/** Statuses of a validator the beacon chain holds and will credit a top-up to (not exiting, not slashed). */
const TOP_UP_STATUSES = new Set(["pending_initialized", "pending_queued", "active_ongoing"]);

/** Whether a top-up (a deposit to an existing validator) is offered: from any address, no withdrawal address needed. */
export function canTopUp(status: string): boolean {
  return TOP_UP_STATUSES.has(status);
}
