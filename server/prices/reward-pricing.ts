import type { FiatCurrencyCode, RewardsHistoryRow } from "../../src/core/api/rewards-history.ts";
import type { Network, Prices } from "../../src/generated/index.ts";
import type { OwnerScope } from "../owners/owner-scope.ts";
import type { Storage } from "../storage/database.ts";
import { fiatValue, pricesForDays } from "./daily-prices.ts";
import { createPriceSource, type PriceSource } from "./price-source.ts";

/** Which network environments have fiat figures, and from which source. */
export interface RewardPricing {
  sourceFor(network: Network, environment: string): PriceSource | undefined;
}

/**
 * The price source of networks/app.json `prices`, for networks with a `priceId`: read for mainnet environments
 * (a testnet coin has no price); with PRICE_API_URL (the devnet's stand-in) for every served environment.
 * Undefined without `prices`: no screen or CSV then shows a fiat column.
 */
export function rewardPricing(
  prices: Prices | undefined,
  env: { readonly PRICE_API_URL?: string | undefined; readonly PRICE_API_KEY?: string | undefined },
  fetchImpl?: typeof fetch,
): RewardPricing | undefined {
  if (!prices) return undefined;
  const source = createPriceSource({
    name: prices.source,
    url: env.PRICE_API_URL ?? prices.url,
    apiKey: env.PRICE_API_KEY,
    apiKeyHeader: prices.apiKeyHeader,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const everyEnvironment = env.PRICE_API_URL !== undefined;
  return {
    sourceFor(network, environment) {
      if (!network.priceId) return undefined;
      const kind = network.environments?.find((candidate) => candidate.id === environment)?.kind;
      return everyEnvironment || kind === "mainnet" ? source : undefined;
    },
  };
}

/**
 * Sums the rows' fiat totals exactly (6-decimal strings as millionths) and counts the days with a reward but no
 * price, which the sum leaves out.
 */
export function sumFiat(rows: readonly RewardsHistoryRow[]): {
  readonly earned: string;
  readonly unpricedDays: number;
} {
  let micros = 0n;
  let unpricedDays = 0;
  for (const row of rows) {
    if (row.totalRewardFiat === null || row.totalRewardFiat === undefined) {
      if (row.totalRewardWei !== 0n) unpricedDays += 1;
      continue;
    }
    micros += BigInt(row.totalRewardFiat.replace(".", ""));
  }
  const sign = micros < 0n ? "-" : "";
  const magnitude = micros < 0n ? -micros : micros;
  const text = magnitude.toString().padStart(7, "0");
  return { earned: `${sign}${text.slice(0, -6)}.${text.slice(-6)}`, unpricedDays };
}

/** The rows with each day's price and total reward in `currency`; null where the source has no price that day. */
export async function withFiat(
  storage: Storage,
  source: PriceSource,
  scope: OwnerScope,
  currency: FiatCurrencyCode,
  rows: readonly RewardsHistoryRow[],
): Promise<RewardsHistoryRow[]> {
  const coinId = scope.network.priceId as string;
  const prices = await pricesForDays(
    storage,
    source,
    coinId,
    currency,
    rows.map((row) => row.day),
  );
  return rows.map((row) => {
    const price = prices.get(row.day) ?? null;
    return {
      ...row,
      price,
      totalRewardFiat: price === null ? null : fiatValue(row.totalRewardWei, scope.network.decimals, price),
    };
  });
}
