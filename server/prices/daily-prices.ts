import { and, eq, inArray } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { dailyPrices } from "../storage/schema.ts";
import { FIAT_CURRENCIES, type FiatCurrency, type PriceSource } from "./price-source.ts";

/** Days read from the source in one request at most; the rest stay blank until a later request reads them. */
export const MAX_SOURCE_READS_PER_REQUEST = 400;
const PARALLEL_READS = 2;

/**
 * A coin's price in one currency on each of the given UTC days, from the PostgreSQL cache or, for a closed day
 * not cached yet, from the source (then cached for every currency it quoted). Today, and a later day (the
 * devnet's clock runs ahead), is read but not cached: its price is not final. A day the source has no price for,
 * or could not be read, maps to undefined, never 0.
 */
export async function pricesForDays(
  storage: Storage,
  source: PriceSource,
  coinId: string,
  currency: FiatCurrency,
  days: readonly string[],
  today: string = new Date().toISOString().slice(0, 10),
): Promise<Map<string, string | undefined>> {
  const wanted = [...new Set(days)];
  const prices = new Map<string, string | undefined>(days.map((day) => [day, undefined]));
  if (wanted.length === 0) return prices;
  const cached = await storage.db
    .select({ day: dailyPrices.day, price: dailyPrices.price })
    .from(dailyPrices)
    .where(
      and(
        eq(dailyPrices.source, source.name),
        eq(dailyPrices.coinId, coinId),
        eq(dailyPrices.currency, currency),
        inArray(dailyPrices.day, wanted),
      ),
    );
  for (const row of cached) prices.set(row.day, row.price);
  const missing = wanted.filter((day) => prices.get(day) === undefined).slice(0, MAX_SOURCE_READS_PER_REQUEST);
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const day = missing[next++] as string;
      const quoted = await source.pricesOn(coinId, day).catch(() => undefined);
      if (!quoted) continue;
      prices.set(day, quoted[currency]);
      const rows = FIAT_CURRENCIES.flatMap((each) => {
        const price = quoted[each];
        return price === undefined ? [] : [{ source: source.name, coinId, day, currency: each, price }];
      });
      if (day < today && rows.length > 0) await storage.db.insert(dailyPrices).values(rows).onConflictDoNothing();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return prices;
}

/**
 * The fiat value of an amount in the coin's smallest unit at a decimal price, to 6 decimals, rounded half up:
 * 1.5 ETH at 3000.5 → "4500.750000".
 */
export function fiatValue(amount: bigint, decimals: number, price: string): string {
  const [whole = "0", fraction = ""] = price.split(".");
  const priceScale = fraction.length;
  const priceUnits = BigInt(whole + fraction);
  const numerator = amount * priceUnits * 10n ** 6n;
  const denominator = 10n ** BigInt(decimals + priceScale);
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  const rounded = (absolute + denominator / 2n) / denominator;
  const text = rounded.toString().padStart(7, "0");
  return `${negative && rounded !== 0n ? "-" : ""}${text.slice(0, -6)}.${text.slice(-6)}`;
}
