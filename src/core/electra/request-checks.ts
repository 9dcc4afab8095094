import { AppError } from "../app-error.ts";

/**
 * The Electra consensus rules that make the beacon chain drop an EIP-7002 withdrawal request without a trace
 * (consensus-specs, electra/beacon-chain.md, process_withdrawal_request): the request contract takes the fee
 * and logs the request whatever it asks, and the consensus layer then ignores one that breaks a rule. These
 * checks run before the wallet is asked, on the Beacon API's view of the validator at the head.
 */

/** The spec's FAR_FUTURE_EPOCH: the exit epoch of a validator that has not asked to exit. */
export const FAR_FUTURE_EPOCH = 2n ** 64n - 1n;
/** MIN_ACTIVATION_BALANCE, gwei: a partial withdrawal must leave it. */
export const MIN_ACTIVATION_BALANCE_GWEI = 32_000_000_000n;
/** PENDING_PARTIAL_WITHDRAWALS_LIMIT (2**27): with this many queued, partial requests are dropped. */
export const PENDING_PARTIAL_WITHDRAWALS_LIMIT = 134_217_728;

/** One validator as the Beacon API's `/eth/v1/beacon/states/head/validators` reports it (gwei, epochs). */
export interface BeaconValidatorView {
  readonly index: number;
  /** 32 bytes, 0x-prefixed. */
  readonly withdrawalCredentials: string;
  readonly balanceGwei: bigint;
  readonly effectiveBalanceGwei: bigint;
  readonly activationEpoch: bigint;
  readonly exitEpoch: bigint;
}

/** What the rules read: the validator, the head epoch, the spec's SHARD_COMMITTEE_PERIOD and the partial queue. */
export interface RequestCheckContext {
  /** undefined: the beacon chain does not know this validator (its deposit is not processed yet). */
  readonly validator: BeaconValidatorView | undefined;
  readonly currentEpoch: bigint;
  readonly shardCommitteePeriod: bigint;
  /** Gwei this validator already has in `pending_partial_withdrawals` (get_pending_balance_to_withdraw). */
  readonly pendingPartialGwei: bigint;
  /** Entries in the whole `pending_partial_withdrawals` queue. */
  readonly partialQueueLength: number;
  /** The address that will send the request (the connected account), lowercase or checksummed. */
  readonly sender: string;
}

export type WithdrawalRequestKind =
  | { readonly kind: "exit" }
  | { readonly kind: "partial"; readonly amountGwei: bigint };

/** PENDING_CONSOLIDATIONS_LIMIT (2**18): with this many queued, consolidation requests are dropped. */
export const PENDING_CONSOLIDATIONS_LIMIT = 262_144;

/** The rules, named as the refusal reports them (and as the locale keys `requestChecks.<rule>`). */
export type RequestRule =
  | "unknownValidator"
  | "noExecutionCredentials"
  | "notWithdrawalAddress"
  | "alreadyExiting"
  | "notActive"
  | "tooSoonAfterActivation"
  | "pendingPartialWithdrawals"
  | "partialQueueFull"
  | "partialNeedsCompounding"
  | "effectiveBalanceBelowMinimum"
  | "noExcessBalance"
  | "amountAboveExcess"
  | "alreadyCompounding"
  | "sameValidator"
  | "consolidationQueueFull"
  | "consolidationChurnTooLow"
  | "unknownTarget"
  | "targetNotCompounding"
  | "targetExiting"
  | "targetNotActive"
  | "alreadyQueued";

/** A request the consensus layer would drop: `rule` names why; `shortMessage` is `requestChecks.<rule>`. */
export class RequestRefusedError extends AppError {
  readonly rule: RequestRule;
  constructor(rule: RequestRule, values: Record<string, string | number>, details: string, message: string = rule) {
    super(`requestChecks.${message}`, { values, details });
    this.name = "RequestRefusedError";
    this.rule = rule;
  }
}

/** Gwei as whole-coin decimals without trailing zeros: 1_500_000_000n → "1.5". */
export function gweiText(gwei: bigint): string {
  const whole = gwei / 1_000_000_000n;
  const fraction = (gwei % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * The first rule `request` breaks, as a RequestRefusedError, or undefined when the consensus layer will act on
 * it. Order and conditions follow process_withdrawal_request: queue full (partials only), unknown validator,
 * execution credentials and source address, active and not exiting, SHARD_COMMITTEE_PERIOD epochs active, then
 * an exit needs no pending partial withdrawal and a partial needs 0x02 credentials, an effective balance of at
 * least 32 ETH and a balance above 32 ETH plus what is pending. A partial asking for more than that excess is
 * not dropped by the chain but cut down to it; it is refused here too, so nobody receives less than they asked.
 */
export function checkWithdrawalRequest(
  context: RequestCheckContext,
  request: WithdrawalRequestKind,
): RequestRefusedError | undefined {
  const { validator, currentEpoch, shardCommitteePeriod, pendingPartialGwei } = context;
  if (request.kind === "partial" && context.partialQueueLength >= PENDING_PARTIAL_WITHDRAWALS_LIMIT) {
    return new RequestRefusedError(
      "partialQueueFull",
      { limit: PENDING_PARTIAL_WITHDRAWALS_LIMIT },
      `${context.partialQueueLength} pending partial withdrawals`,
    );
  }
  if (!validator) return new RequestRefusedError("unknownValidator", {}, "not in the head state");
  const prefix = validator.withdrawalCredentials.slice(0, 4).toLowerCase();
  if (prefix !== "0x01" && prefix !== "0x02") {
    return new RequestRefusedError("noExecutionCredentials", { type: prefix }, `credentials ${prefix}`);
  }
  const withdrawalAddress = `0x${validator.withdrawalCredentials.slice(26).toLowerCase()}`;
  if (withdrawalAddress !== context.sender.toLowerCase()) {
    return new RequestRefusedError(
      "notWithdrawalAddress",
      { withdrawalAddress, sender: context.sender },
      `sender ${context.sender}, withdrawal address ${withdrawalAddress}`,
    );
  }
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH) {
    return new RequestRefusedError(
      "alreadyExiting",
      { epoch: validator.exitEpoch.toString() },
      `exit epoch ${validator.exitEpoch}`,
    );
  }
  if (validator.activationEpoch > currentEpoch) {
    return new RequestRefusedError(
      "notActive",
      { epoch: validator.activationEpoch === FAR_FUTURE_EPOCH ? "" : validator.activationEpoch.toString() },
      `activation epoch ${validator.activationEpoch}, current epoch ${currentEpoch}`,
    );
  }
  const allowedFrom = validator.activationEpoch + shardCommitteePeriod;
  if (currentEpoch < allowedFrom) {
    return new RequestRefusedError(
      "tooSoonAfterActivation",
      {
        period: shardCommitteePeriod.toString(),
        epoch: allowedFrom.toString(),
        epochsLeft: (allowedFrom - currentEpoch).toString(),
      },
      `active since epoch ${validator.activationEpoch}, current ${currentEpoch}, period ${shardCommitteePeriod}`,
    );
  }
  if (request.kind === "exit") {
    if (pendingPartialGwei > 0n) {
      return new RequestRefusedError(
        "pendingPartialWithdrawals",
        { amount: gweiText(pendingPartialGwei) },
        `${pendingPartialGwei} gwei pending`,
      );
    }
    return undefined;
  }
  if (prefix !== "0x02")
    return new RequestRefusedError("partialNeedsCompounding", { type: prefix }, `credentials ${prefix}`);
  if (validator.effectiveBalanceGwei < MIN_ACTIVATION_BALANCE_GWEI) {
    return new RequestRefusedError(
      "effectiveBalanceBelowMinimum",
      { effective: gweiText(validator.effectiveBalanceGwei), minimum: gweiText(MIN_ACTIVATION_BALANCE_GWEI) },
      `effective balance ${validator.effectiveBalanceGwei} gwei`,
    );
  }
  const excess = validator.balanceGwei - MIN_ACTIVATION_BALANCE_GWEI - pendingPartialGwei;
  if (excess <= 0n) {
    return new RequestRefusedError(
      "noExcessBalance",
      { minimum: gweiText(MIN_ACTIVATION_BALANCE_GWEI), pending: gweiText(pendingPartialGwei) },
      `balance ${validator.balanceGwei} gwei, pending ${pendingPartialGwei} gwei`,
    );
  }
  if (request.amountGwei > excess) {
    return new RequestRefusedError(
      "amountAboveExcess",
      {
        maximum: gweiText(excess),
        minimum: gweiText(MIN_ACTIVATION_BALANCE_GWEI),
        pending: gweiText(pendingPartialGwei),
      },
      `asked ${request.amountGwei} gwei, excess ${excess} gwei`,
      pendingPartialGwei > 0n ? "amountAboveExcessWithPending" : "amountAboveExcess",
    );
  }
  return undefined;
}

/** One entry of the Beacon API's `pending_consolidations`. */
export interface PendingConsolidationView {
  readonly sourceIndex: number;
  readonly targetIndex: number;
}

/** What the consolidation rules read besides RequestCheckContext's epoch, period and sender. */
export interface ConsolidationCheckContext {
  /** undefined: the beacon chain does not know the validator (its deposit is not processed yet). */
  readonly source: BeaconValidatorView | undefined;
  /** The consolidation's target; unused by an upgrade (the source is its own target). */
  readonly target?: BeaconValidatorView | undefined;
  readonly currentEpoch: bigint;
  readonly shardCommitteePeriod: bigint;
  /** Gwei the source already has in `pending_partial_withdrawals`. */
  readonly sourcePendingPartialGwei: bigint;
  /** The state's `pending_consolidations`, in queue order. */
  readonly pendingConsolidations: readonly PendingConsolidationView[];
  /** get_consolidation_churn_limit at the head, gwei (src/core/queue-eta/electra.ts consolidationChurnLimit). */
  readonly consolidationChurnLimitGwei: bigint;
  /** The address that will send the request (the connected account). */
  readonly sender: string;
}

/** An upgrade switches the source to 0x02 credentials; a consolidation merges the source into the target. */
export type ConsolidationRequestKind = "upgrade" | "consolidate";

const credentialsType = (validator: BeaconValidatorView) => validator.withdrawalCredentials.slice(0, 4).toLowerCase();

function checkSourceAddress(validator: BeaconValidatorView, sender: string): RequestRefusedError | undefined {
  const prefix = credentialsType(validator);
  if (prefix !== "0x01" && prefix !== "0x02") {
    return new RequestRefusedError("noExecutionCredentials", { type: prefix }, `credentials ${prefix}`);
  }
  const withdrawalAddress = `0x${validator.withdrawalCredentials.slice(26).toLowerCase()}`;
  if (withdrawalAddress !== sender.toLowerCase()) {
    return new RequestRefusedError(
      "notWithdrawalAddress",
      { withdrawalAddress, sender },
      `sender ${sender}, withdrawal address ${withdrawalAddress}`,
    );
  }
  return undefined;
}

/** Exit initiated, then is_active_validator (activation epoch reached), for the source or the target. */
function checkActive(
  validator: BeaconValidatorView,
  currentEpoch: bigint,
  role: "source" | "target",
): RequestRefusedError | undefined {
  if (validator.exitEpoch !== FAR_FUTURE_EPOCH) {
    return new RequestRefusedError(
      role === "source" ? "alreadyExiting" : "targetExiting",
      { epoch: validator.exitEpoch.toString(), index: validator.index },
      `${role} exit epoch ${validator.exitEpoch}`,
    );
  }
  if (validator.activationEpoch > currentEpoch) {
    return new RequestRefusedError(
      role === "source" ? "notActive" : "targetNotActive",
      { index: validator.index },
      `${role} activation epoch ${validator.activationEpoch}, current epoch ${currentEpoch}`,
    );
  }
  return undefined;
}

/**
 * The first rule an EIP-7251 request breaks, as a RequestRefusedError, or undefined when the consensus layer
 * will act on it (consensus-specs electra/beacon-chain.md, process_consolidation_request).
 *
 * An upgrade (is_valid_switch_to_compounding_request): the source is known, its withdrawal address sends the
 * request, it has 0x01 credentials (not 0x02 already), and it is active and not exiting. Neither the consolidation churn, the
 * pending queue, SHARD_COMMITTEE_PERIOD nor pending partial withdrawals matter to it.
 *
 * A consolidation: two different validators, the pending_consolidations queue not full, a consolidation churn
 * above MIN_ACTIVATION_BALANCE, both known, execution credentials and the sender as the source's withdrawal
 * address, 0x02 credentials on the target, both active and not exiting (a source already in
 * pending_consolidations is refused as queued), the source active for SHARD_COMMITTEE_PERIOD epochs and with no
 * pending partial withdrawal.
 */
export function checkConsolidationRequest(
  context: ConsolidationCheckContext,
  kind: ConsolidationRequestKind,
): RequestRefusedError | undefined {
  const { source, currentEpoch, sender } = context;
  if (kind === "upgrade") {
    if (!source) return new RequestRefusedError("unknownValidator", {}, "not in the head state");
    const address = checkSourceAddress(source, sender);
    if (address) return address;
    const prefix = credentialsType(source);
    // checkSourceAddress let only 0x01 and 0x02 through: a 0x02 validator has nothing to switch.
    if (prefix === "0x02") return new RequestRefusedError("alreadyCompounding", {}, "credentials 0x02");
    return checkActive(source, currentEpoch, "source");
  }
  const { target } = context;
  if (source && target && source.index === target.index) {
    return new RequestRefusedError("sameValidator", { index: source.index }, `source and target ${source.index}`);
  }
  if (context.pendingConsolidations.length >= PENDING_CONSOLIDATIONS_LIMIT) {
    return new RequestRefusedError(
      "consolidationQueueFull",
      { limit: PENDING_CONSOLIDATIONS_LIMIT },
      `${context.pendingConsolidations.length} pending consolidations`,
    );
  }
  if (context.consolidationChurnLimitGwei <= MIN_ACTIVATION_BALANCE_GWEI) {
    return new RequestRefusedError(
      "consolidationChurnTooLow",
      { churn: gweiText(context.consolidationChurnLimitGwei), minimum: gweiText(MIN_ACTIVATION_BALANCE_GWEI) },
      `consolidation churn ${context.consolidationChurnLimitGwei} gwei an epoch`,
    );
  }
  if (!source) return new RequestRefusedError("unknownValidator", {}, "source not in the head state");
  if (!target) return new RequestRefusedError("unknownTarget", {}, "target not in the head state");
  const address = checkSourceAddress(source, sender);
  if (address) return address;
  const targetType = credentialsType(target);
  if (targetType !== "0x02") {
    return new RequestRefusedError(
      "targetNotCompounding",
      { type: targetType, index: target.index },
      `target credentials ${targetType}`,
    );
  }
  const queued = context.pendingConsolidations.find((entry) => entry.sourceIndex === source.index);
  if (queued) {
    return new RequestRefusedError(
      "alreadyQueued",
      { index: queued.targetIndex },
      `source ${source.index} already consolidating into ${queued.targetIndex}`,
    );
  }
  const inactive = checkActive(source, currentEpoch, "source") ?? checkActive(target, currentEpoch, "target");
  if (inactive) return inactive;
  const allowedFrom = source.activationEpoch + context.shardCommitteePeriod;
  if (currentEpoch < allowedFrom) {
    return new RequestRefusedError(
      "tooSoonAfterActivation",
      {
        period: context.shardCommitteePeriod.toString(),
        epoch: allowedFrom.toString(),
        epochsLeft: (allowedFrom - currentEpoch).toString(),
      },
      `source active since epoch ${source.activationEpoch}, current ${currentEpoch}, period ${context.shardCommitteePeriod}`,
    );
  }
  if (context.sourcePendingPartialGwei > 0n) {
    return new RequestRefusedError(
      "pendingPartialWithdrawals",
      { amount: gweiText(context.sourcePendingPartialGwei) },
      `${context.sourcePendingPartialGwei} gwei pending`,
      "pendingPartialWithdrawalsConsolidation",
    );
  }
  return undefined;
}
