import type { NetworkStats } from "../../core/api/network-stats.ts";

/**
 * What is staked with the provider on `networkSlug` in the environment `environmentId`, in base units, from the
 * server's stats; undefined when the stats do not say or nothing is staked (a hero does not boast "0 ETH").
 */
export function totalStakedOf(
  stats: NetworkStats | undefined,
  networkSlug: string,
  environmentId: string | undefined,
): bigint | undefined {
  const entry = stats?.networks
    .find((candidate) => candidate.network === networkSlug)
    ?.environments.find((candidate) => candidate.environment === environmentId);
  const total = entry?.totalStakedWei ?? 0n;
  return total > 0n ? total : undefined;
}

/**
 * A total staked for the home page: at most two decimals with the reader's digit grouping ("1,234.5 ETH").
 * Not formatCoin: a headline figure needs no exactness past the cent, and the home page's JavaScript has a
 * budget that formatCoin's module (with viem's formatUnits beside it) would eat into.
 */
export function formatTotalStaked(units: bigint, decimals: number, symbol: string, locale: string): string {
  const hundredths = decimals >= 2 ? units / 10n ** BigInt(decimals - 2) : units * 10n ** BigInt(2 - decimals);
  const amount = new Intl.NumberFormat(locale.replace("_", "-"), { maximumFractionDigits: 2 }).format(
    Number(hundredths) / 100,
  );
  return `${amount} ${symbol}`;
}
