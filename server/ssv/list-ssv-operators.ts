import { type SQL, sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";

export interface SsvOperatorRow {
  readonly operatorId: number;
  readonly owner: string;
  readonly publicKey: string;
  readonly feeWei: string;
  readonly validatorCount: number;
  readonly removed: boolean;
}

export interface ListSsvOperatorsOptions {
  readonly network: string;
  readonly environment: string;
  readonly search?: string | undefined;
  readonly sort: "fee" | "validators" | "performance";
  readonly order: "asc" | "desc";
  readonly page: number;
  readonly pageSize: number;
}

/** `text` for a LIKE pattern that matches it literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * One page of an environment's SSV operators with their latest fee and the validators they run (as the contract
 * counts them: the validators of each active cluster they are in, from each cluster's latest state, so a read
 * scans clusters rather than validators), and how many match.
 * `search` matches an id exactly, or the start of the owner address (any case) or of the public key.
 * Performance is not measured yet: sorting by it keeps id order (every operator's figure is null, last).
 */
export async function listSsvOperators(
  storage: Storage,
  options: ListSsvOperatorsOptions,
): Promise<{ rows: SsvOperatorRow[]; total: number }> {
  const { network, environment } = options;
  const conditions: SQL[] = [sql`o.network = ${network}`, sql`o.environment = ${environment}`];
  const search = options.search?.trim();
  if (search) {
    const prefix = `${likeLiteral(search)}%`;
    const id = /^\d{1,15}$/.test(search) ? sql`o.operator_id = ${Number(search)} or ` : sql``;
    conditions.push(sql`(${id}lower(o.owner) like lower(${prefix}) or o.public_key like ${prefix})`);
  }
  const where = sql.join(conditions, sql` and `);
  const direction = options.order === "asc" ? sql`asc` : sql`desc`;
  const key = { fee: sql`f.fee_wei`, validators: sql`coalesce(c.validators, 0)`, performance: sql`null::numeric` }[
    options.sort
  ];
  const rows = await storage.rows<{
    operator_id: string | number;
    owner: string;
    public_key: string;
    fee_wei: string;
    validator_count: string | number;
    removed: boolean;
  }>(sql`
    with fees as (
      select distinct on (operator_id) operator_id, fee_wei from ssv_operator_fees
      where network = ${network} and environment = ${environment}
      order by operator_id, block_number desc, log_index desc
    ), clusters as (
      select distinct on (owner, operator_ids) operator_ids, validator_count, active from ssv_cluster_snapshots
      where network = ${network} and environment = ${environment}
      order by owner, operator_ids, block_number desc, log_index desc
    ), counts as (
      select id::bigint as operator_id, sum(k.validator_count) as validators
      from clusters k cross join unnest(string_to_array(k.operator_ids, ',')) as id
      where k.active
      group by id
    )
    select o.operator_id, o.owner, o.public_key, coalesce(f.fee_wei, 0)::text as fee_wei,
      coalesce(c.validators, 0) as validator_count, o.removed_block is not null as removed
    from ssv_operators o
    left join fees f on f.operator_id = o.operator_id
    left join counts c on c.operator_id = o.operator_id
    where ${where}
    order by ${key} ${direction} nulls last, o.operator_id asc
    limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`);
  const [counted] = await storage.rows<{ total: string | number }>(
    sql`select count(*) as total from ssv_operators o where ${where}`,
  );
  return {
    rows: rows.map((row) => ({
      operatorId: Number(row.operator_id),
      owner: row.owner,
      publicKey: row.public_key,
      feeWei: row.fee_wei,
      validatorCount: Number(row.validator_count),
      removed: row.removed,
    })),
    total: Number(counted?.total ?? 0),
  };
}
