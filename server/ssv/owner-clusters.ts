import { sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";

export interface OwnerClusterRow {
  readonly operatorIds: number[];
  readonly validatorCount: number;
  readonly networkFeeIndex: bigint;
  readonly index: bigint;
  readonly active: boolean;
  readonly balance: bigint;
  /** Each operator's latest indexed fee, SSV wei per block, in operatorIds order; 0 for a removed operator. */
  readonly operatorFees: bigint[];
  /** The cluster's operators in operatorIds order, and whether each was removed. */
  readonly operators: { readonly id: number; readonly removed: boolean }[];
  /** Its validators not removed, oldest registration first: 0x and 96 hexadecimal digits, lower case. */
  readonly validators: { readonly publicKey: `0x${string}`; readonly addedAtBlock: bigint }[];
}

/**
 * An owner's clusters, each in the state its latest event logged (the snapshot the contract expects next),
 * with its operators and their fees as last indexed, and its validators still registered. A removed operator
 * no longer charges (the contract zeroes its fee on removal).
 */
export async function ownerClusters(
  storage: Storage,
  scope: { readonly network: string; readonly environment: string; readonly owner: string },
): Promise<OwnerClusterRow[]> {
  const { network, environment, owner } = scope;
  const snapshots = await storage.rows<{
    operator_ids: string;
    validator_count: number;
    network_fee_index: string;
    index: string;
    active: boolean;
    balance_wei: string;
  }>(sql`
    select distinct on (operator_ids) operator_ids, validator_count, network_fee_index::text, index::text, active,
      balance_wei::text
    from ssv_cluster_snapshots
    where network = ${network} and environment = ${environment} and owner = ${owner}
    order by operator_ids, block_number desc, log_index desc`);
  if (snapshots.length === 0) return [];
  const fees = await storage.rows<{ operator_id: string | number; fee_wei: string; removed: boolean }>(sql`
    select distinct on (f.operator_id) f.operator_id, f.fee_wei::text, o.removed_block is not null as removed
    from ssv_operator_fees f
    left join ssv_operators o
      on o.network = f.network and o.environment = f.environment and o.operator_id = f.operator_id
    where f.network = ${network} and f.environment = ${environment}
    order by f.operator_id, f.block_number desc, f.log_index desc`);
  const operatorOf = new Map(fees.map((row) => [Number(row.operator_id), row]));
  const validators = await storage.rows<{ operator_ids: string; public_key: string; block_number: string }>(sql`
    select operator_ids, public_key, block_number::text
    from ssv_validators
    where network = ${network} and environment = ${environment} and owner = ${owner} and removed_block is null
    order by block_number, log_index`);
  return snapshots
    .map((row) => {
      const operatorIds = row.operator_ids.split(",").map(Number);
      return {
        operatorIds,
        validatorCount: Number(row.validator_count),
        networkFeeIndex: BigInt(row.network_fee_index),
        index: BigInt(row.index),
        active: row.active,
        balance: BigInt(row.balance_wei),
        operatorFees: operatorIds.map((id) => {
          const operator = operatorOf.get(id);
          return operator && !operator.removed ? BigInt(operator.fee_wei) : 0n;
        }),
        operators: operatorIds.map((id) => ({ id, removed: operatorOf.get(id)?.removed ?? false })),
        validators: validators
          .filter((validator) => validator.operator_ids === row.operator_ids)
          .map((validator) => ({
            publicKey: `0x${validator.public_key}` as const,
            addedAtBlock: BigInt(validator.block_number),
          })),
      };
    })
    .sort((a, b) => a.operatorIds.join(",").localeCompare(b.operatorIds.join(","), "en", { numeric: true }));
}
