import { z } from "zod";
import { FIAT_CURRENCY_CODES, type FiatCurrencyCode } from "../../src/core/api/rewards-history.ts";

/** The fiat currencies the rewards screens and CSV offer (CoinGecko's `vs_currency` codes). */
export const FIAT_CURRENCIES = FIAT_CURRENCY_CODES;
export type FiatCurrency = FiatCurrencyCode;

/** A day's closing prices of one coin, as decimal strings, for the currencies the source quoted. */
export type DayPrices = Partial<Record<FiatCurrency, string>>;

export class PriceSourceError extends Error {
  override readonly name = "PriceSourceError";
}

export interface PriceSourceConfig {
  /** How the source is named to users and in the CSV ("CoinGecko"). */
  readonly name: string;
  /** Base URL of a CoinGecko-compatible API, such as https://api.coingecko.com/api/v3. */
  readonly url: string;
  /** Sent in `apiKeyHeader` (CoinGecko: x-cg-demo-api-key or x-cg-pro-api-key); never in the URL. */
  readonly apiKey?: string | undefined;
  readonly apiKeyHeader?: string | undefined;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface PriceSource {
  readonly name: string;
  /** The coin's prices on a UTC day ("2026-10-01"), or an empty object when the source has none for it. */
  pricesOn(coinId: string, day: string): Promise<DayPrices>;
}

// GET /coins/{id}/history?date=dd-mm-yyyy: market_data is absent for a day before the coin was listed.
const historyResponse = z.object({
  id: z.string().optional(),
  market_data: z.object({ current_price: z.record(z.string(), z.number().nonnegative()) }).optional(),
});

/** A price source over a CoinGecko-compatible coin history API. */
export function createPriceSource(config: PriceSourceConfig): PriceSource {
  const base = config.url.replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  return {
    name: config.name,
    async pricesOn(coinId, day) {
      const [year, month, date] = day.split("-");
      const url = `${base}/coins/${encodeURIComponent(coinId)}/history?date=${date}-${month}-${year}&localization=false`;
      const headers: Record<string, string> = { accept: "application/json" };
      if (config.apiKey && config.apiKeyHeader) headers[config.apiKeyHeader] = config.apiKey;
      let response: Response;
      try {
        response = await doFetch(url, { headers, signal: AbortSignal.timeout(config.timeoutMs ?? 5_000) });
      } catch (error) {
        throw new PriceSourceError(
          `${config.name} did not answer for ${coinId} on ${day}: ${(error as Error).message}`,
        );
      }
      if (response.status === 404) return {};
      if (!response.ok)
        throw new PriceSourceError(`${config.name} answered ${response.status} for ${coinId} on ${day}`);
      const parsed = historyResponse.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success)
        throw new PriceSourceError(`${config.name} sent an unexpected answer for ${coinId} on ${day}`);
      const quoted = parsed.data.market_data?.current_price ?? {};
      const prices: DayPrices = {};
      for (const currency of FIAT_CURRENCIES) {
        const value = quoted[currency];
        if (value !== undefined && Number.isFinite(value)) prices[currency] = decimalOf(value);
      }
      return prices;
    },
  };
}

/** A JSON number as a plain decimal string (no exponent), to 12 significant digits. */
function decimalOf(value: number): string {
  const text = value.toPrecision(12);
  const plain = text.includes("e") ? value.toFixed(12) : text;
  return plain.includes(".") ? plain.replace(/0+$/, "").replace(/\.$/, "") : plain;
}
