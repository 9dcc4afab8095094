import { and, asc, count, desc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { parseGwei } from "viem";
import type { RewardsHistoryRow, RewardType } from "../../src/core/api/rewards-history.ts";
import type { OwnerScope } from "../owners/owner-scope.ts";
import type { Storage } from "../storage/database.ts";
import { ownerDailyRewards } from "../storage/schema.ts";

export interface RewardsHistoryQuery {
  readonly type: RewardType;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly order: "asc" | "desc";
  readonly page: number;
  readonly pageSize: number;
}

/** The owner's daily rewards in a date range (all days, or those with a reward of one type), newest or oldest first, a page at a time, with the row count. */
export async function rewardsHistory(
  storage: Storage,
  scope: OwnerScope,
  query: RewardsHistoryQuery,
): Promise<{ rows: RewardsHistoryRow[]; total: number }> {
  const where = and(
    eq(ownerDailyRewards.network, scope.network.slug),
    eq(ownerDailyRewards.environment, scope.environment),
    eq(ownerDailyRewards.owner, scope.owner),
    query.from ? gte(ownerDailyRewards.day, query.from) : undefined,
    query.to ? lte(ownerDailyRewards.day, query.to) : undefined,
    query.type === "consensus" ? ne(ownerDailyRewards.consensusRewardGwei, 0n) : undefined,
    query.type === "execution" ? sql`${ownerDailyRewards.executionRewardWei} <> 0` : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    storage.db
      .select()
      .from(ownerDailyRewards)
      .where(where)
      .orderBy(query.order === "asc" ? asc(ownerDailyRewards.day) : desc(ownerDailyRewards.day))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    storage.db.select({ total: count() }).from(ownerDailyRewards).where(where),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => {
      const wei = (gwei: bigint) => parseGwei(String(gwei));
      const consensus = wei(row.consensusRewardGwei);
      const execution = BigInt(row.executionRewardWei);
      return {
        day: row.day,
        validatorCount: row.validatorCount,
        stakedWei: wei(row.stakedGwei),
        consensusRewardWei: consensus,
        executionRewardWei: execution,
        totalRewardWei: consensus + execution,
        balanceStartWei: wei(row.balanceStartGwei),
        balanceEndWei: wei(row.balanceEndGwei),
        depositsWei: wei(row.depositsGwei),
        withdrawalsWei: wei(row.withdrawalsGwei),
        withdrawnPrincipalWei: wei(row.withdrawnPrincipalGwei),
        exitedPrincipalWei: wei(row.exitedPrincipalGwei),
      };
    }),
  };
}

/** The CSV's columns, in order, with the row field each holds. */
const CSV_COLUMNS = [
  ["day", "day"],
  ["validator_count", "validatorCount"],
  ["staked_wei", "stakedWei"],
  ["consensus_reward_wei", "consensusRewardWei"],
  ["execution_reward_wei", "executionRewardWei"],
  ["total_reward_wei", "totalRewardWei"],
  ["balance_start_wei", "balanceStartWei"],
  ["deposits_wei", "depositsWei"],
  ["withdrawals_wei", "withdrawalsWei"],
  ["balance_end_wei", "balanceEndWei"],
  ["withdrawn_principal_wei", "withdrawnPrincipalWei"],
  ["exited_principal_wei", "exitedPrincipalWei"],
] as const satisfies readonly (readonly [string, keyof RewardsHistoryRow])[];

/**
 * The same rows as CSV (RFC 4180), amounts in wei so nothing is rounded. Each row reconciles:
 * consensus_reward_wei = balance_end_wei - balance_start_wei + withdrawals_wei - deposits_wei.
 * With fiat figures, three columns follow: price_<currency> (that day's price), total_reward_<currency>
 * (total_reward_wei at it, 6 decimals) and price_source; a day without a price has both cells empty, never 0.
 */
export function rewardsHistoryCsv(
  rows: readonly RewardsHistoryRow[],
  fiat?: { readonly currency: string; readonly source: string },
): string {
  const names: string[] = CSV_COLUMNS.map(([name]) => name);
  if (fiat) names.push(`price_${fiat.currency}`, `total_reward_${fiat.currency}`, "price_source");
  const lines = rows.map((row) => {
    const cells = CSV_COLUMNS.map(([, field]) => String(row[field]));
    if (fiat) cells.push(row.price ?? "", row.totalRewardFiat ?? "", csvCell(fiat.source));
    return cells.join(",");
  });
  return `${[names.join(","), ...lines].join("\r\n")}\r\n`;
}

/** A text cell, quoted when RFC 4180 needs it. */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
