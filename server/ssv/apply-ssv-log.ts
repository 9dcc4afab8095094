import { and, eq, isNull, lt, or } from "drizzle-orm";
import {
  AbiEventSignatureNotFoundError,
  decodeAbiParameters,
  decodeEventLog,
  getAddress,
  type Hex,
  type Log,
} from "viem";
import type { Database } from "../storage/database.ts";
import { ssvClusterSnapshots, ssvOperatorFees, ssvOperators, ssvValidators } from "../storage/schema.ts";
import { ssvEventsAbi } from "./ssv-events-abi.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The cluster key: operator ids ascending, joined by commas. */
function clusterKey(operatorIds: readonly bigint[]): string {
  return [...operatorIds]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String)
    .join(",");
}

/** An operator key as SSV tools show it: the event's bytes are the ABI encoding of its base64 PEM text. */
function operatorPublicKey(bytes: Hex): string {
  try {
    const [text] = decodeAbiParameters([{ type: "string" }], bytes);
    if (/^[A-Za-z0-9+/=]+$/.test(text)) return text;
  } catch {
    // not an ABI-encoded string: shown as the bytes themselves
  }
  return bytes.toLowerCase();
}

/**
 * Writes what one SSV network log means: an operator registered, removed or repriced, a validator registered
 * or removed, a cluster's new state. Rows are keyed by the log (operators by their id), so replaying a log
 * changes nothing; logs of events the server does not keep are skipped.
 */
export async function applySsvLog(
  tx: Transaction,
  log: Log<bigint, number, false>,
  scope: { readonly network: string; readonly environment: string },
): Promise<void> {
  let event: ReturnType<typeof decodeEventLog<typeof ssvEventsAbi>>;
  try {
    event = decodeEventLog({ abi: ssvEventsAbi, data: log.data, topics: log.topics });
  } catch (error) {
    if (error instanceof AbiEventSignatureNotFoundError) return;
    throw error;
  }
  const position = {
    ...scope,
    txHash: log.transactionHash as Hex,
    logIndex: log.logIndex as number,
    blockNumber: log.blockNumber as bigint,
  };
  switch (event.eventName) {
    case "OperatorAdded": {
      const { operatorId, owner, publicKey, fee } = event.args;
      await tx
        .insert(ssvOperators)
        .values({
          ...scope,
          operatorId: Number(operatorId),
          owner: getAddress(owner),
          publicKey: operatorPublicKey(publicKey),
          blockNumber: position.blockNumber,
        })
        .onConflictDoNothing();
      await tx
        .insert(ssvOperatorFees)
        .values({ ...position, operatorId: Number(operatorId), feeWei: fee.toString() })
        .onConflictDoNothing();
      return;
    }
    case "OperatorFeeExecuted":
      await tx
        .insert(ssvOperatorFees)
        .values({ ...position, operatorId: Number(event.args.operatorId), feeWei: event.args.fee.toString() })
        .onConflictDoNothing();
      return;
    case "OperatorRemoved":
      await tx
        .update(ssvOperators)
        .set({ removedBlock: position.blockNumber })
        .where(
          and(
            eq(ssvOperators.network, scope.network),
            eq(ssvOperators.environment, scope.environment),
            eq(ssvOperators.operatorId, Number(event.args.operatorId)),
            isNull(ssvOperators.removedBlock),
          ),
        );
      return;
    case "ValidatorAdded":
      await tx
        .insert(ssvValidators)
        .values({
          ...position,
          publicKey: event.args.publicKey.slice(2).toLowerCase(),
          owner: getAddress(event.args.owner),
          operatorIds: clusterKey(event.args.operatorIds),
        })
        .onConflictDoNothing();
      break;
    case "ValidatorRemoved":
      await tx
        .update(ssvValidators)
        .set({ removedBlock: position.blockNumber })
        .where(
          and(
            eq(ssvValidators.network, scope.network),
            eq(ssvValidators.environment, scope.environment),
            eq(ssvValidators.publicKey, event.args.publicKey.slice(2).toLowerCase()),
            eq(ssvValidators.owner, getAddress(event.args.owner)),
            isNull(ssvValidators.removedBlock),
            // Only a registration before the removal: replayed, it must not end the key's later registration.
            or(
              lt(ssvValidators.blockNumber, position.blockNumber),
              and(eq(ssvValidators.blockNumber, position.blockNumber), lt(ssvValidators.logIndex, position.logIndex)),
            ),
          ),
        );
      break;
  }
  // Network settings and ownership events are not kept; every cluster event (those above included) logs the
  // cluster's state after it.
  if (!("cluster" in event.args)) return;
  const { owner, operatorIds, cluster } = event.args;
  await tx
    .insert(ssvClusterSnapshots)
    .values({
      ...position,
      owner: getAddress(owner),
      operatorIds: clusterKey(operatorIds),
      validatorCount: cluster.validatorCount,
      networkFeeIndex: cluster.networkFeeIndex.toString(),
      index: cluster.index.toString(),
      active: cluster.active,
      balanceWei: cluster.balance.toString(),
      event: event.eventName,
    })
    .onConflictDoNothing();
}
