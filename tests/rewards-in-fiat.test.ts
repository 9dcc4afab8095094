import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPriceStandIn } from "../devnet/prices/price-stand-in.ts";
import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { fiatValue, pricesForDays } from "../server/prices/daily-prices.ts";
import { createPriceSource } from "../server/prices/price-source.ts";
import { rewardPricing, sumFiat } from "../server/prices/reward-pricing.ts";
import { openStorage, type Storage } from "../server/storage/database.ts";
import { dailyPrices, ownerDailyRewards } from "../server/storage/schema.ts";
import { networks } from "../src/generated/index.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const scope = `owner=${OWNER}&network=ethereum&environment=devnet`;
const DAYS = ["2026-10-01", "2026-10-02", "2026-10-03"];
const GWEI = 10n ** 9n;
const prices = { source: "CoinGecko", url: "https://api.coingecko.com/api/v3", apiKeyHeader: "x-cg-demo-api-key" };

let storage: Storage;
let app: FastifyInstance;
let stand: Awaited<ReturnType<typeof startPriceStandIn>>;

/** What the price source itself says for a day, read straight from it. */
async function quoted(coin: string, day: string, currency: string): Promise<number> {
  const [y, m, d] = day.split("-");
  const body = await (await fetch(`${stand.url}/coins/${coin}/history?date=${d}-${m}-${y}`)).json();
  return body.market_data.current_price[currency];
}

beforeAll(async () => {
  stand = await startPriceStandIn();
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", PRICE_API_URL: stand.url }), storage, {
    logger: false,
  });
  // 0.002 ETH of consensus rewards and 0.001 ETH of execution rewards a day
  await storage.db.insert(ownerDailyRewards).values(
    DAYS.map((day) => ({
      network: "ethereum",
      environment: "devnet",
      owner: OWNER,
      day,
      stakedGwei: 32n * GWEI,
      consensusRewardGwei: 2_000_000n,
      executionRewardWei: "1000000000000000",
      validatorCount: 1,
      balanceStartGwei: 32n * GWEI,
      balanceEndGwei: 32n * GWEI + 2_000_000n,
    })),
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await stand?.close();
});

describe("rewards in fiat", () => {
  it("adds each day's price and the day's total reward at it, from the price source, then from the cache", async () => {
    const before = stand.requests();
    const response = await app.inject({ method: "GET", url: `/rewards/history?${scope}&order=asc&currency=eur` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fiat).toEqual({ currency: "eur", source: "CoinGecko" });
    expect(stand.requests() - before).toBe(3);
    for (const [index, row] of body.rows.entries()) {
      const price = await quoted("ethereum", DAYS[index] as string, "eur");
      expect(Number(row.price)).toBe(price);
      // 0.003 ETH at that day's price, to 6 decimals
      expect(row.totalRewardFiat).toBe((0.003 * price).toFixed(6));
    }
    const cached = stand.requests();
    const again = (await app.inject({ method: "GET", url: `/rewards/history?${scope}&order=asc&currency=usd` })).json();
    expect(stand.requests()).toBe(cached); // the first read cached every currency the source quoted
    expect(Number(again.rows[0].price)).toBe(await quoted("ethereum", DAYS[0] as string, "usd"));
  });

  it("writes the fiat columns and the source into the CSV, and none without a currency", async () => {
    const csv = (await app.inject({ method: "GET", url: `/rewards/history.csv?${scope}&order=asc&currency=usd` })).body;
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header?.split(",").slice(-3)).toEqual(["price_usd", "total_reward_usd", "price_source"]);
    const first = lines[0]?.split(",") ?? [];
    expect(first.at(-1)).toBe("CoinGecko");
    expect(Number(first.at(-3))).toBe(await quoted("ethereum", "2026-10-01", "usd"));
    const plain = (await app.inject({ method: "GET", url: `/rewards/history.csv?${scope}` })).body;
    expect(plain.split("\r\n")[0]).not.toMatch(/price|usd/);
    const json = (await app.inject({ method: "GET", url: `/rewards/history?${scope}` })).json();
    expect(json.fiat).toBeUndefined();
    expect(json.rows[0]).not.toHaveProperty("price");
  });

  it("values the summary's earnings day by day at each day's price: the sum of the history's daily totals", async () => {
    const summary = (await app.inject({ method: "GET", url: `/rewards/summary?${scope}&currency=cny` })).json();
    let expected = 0;
    for (const day of DAYS) expected += Number((0.003 * (await quoted("ethereum", day, "cny"))).toFixed(6));
    expect(summary.fiat).toEqual({
      currency: "cny",
      source: "CoinGecko",
      earned: expected.toFixed(6),
      unpricedDays: 0,
    });
    // The same 0.009 ETH the summary reports in wei.
    expect(summary.earnedWei).toBe("9000000000000000");
    const plain = (await app.inject({ method: "GET", url: `/rewards/summary?${scope}` })).json();
    expect(plain).not.toHaveProperty("fiat");
    const refused = await app.inject({ method: "GET", url: `/rewards/summary?${scope}&currency=gbp` });
    expect(refused.statusCode).toBe(400);
  });

  it("refuses a currency it does not offer, naming the ones it does", async () => {
    const response = await app.inject({ method: "GET", url: `/rewards/history?${scope}&currency=gbp` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('expected \\"usd\\", \\"eur\\" or \\"cny\\"');
  });
});

describe("price source and cache", () => {
  it("leaves a day blank, never 0, when the source has no price or cannot be reached, and reads it again later", async () => {
    const source = createPriceSource({ name: "Local", url: stand.url });
    const unknown = await pricesForDays(storage, source, "no-such-coin", "usd", ["2026-10-01"], "2026-11-01");
    expect(unknown.get("2026-10-01")).toBeUndefined();

    const down = createPriceSource({ name: "Local", url: "http://127.0.0.1:9/api/v3", timeoutMs: 500 });
    const failed = await pricesForDays(storage, down, "ethereum", "usd", ["2026-09-01"], "2026-11-01");
    expect(failed.get("2026-09-01")).toBeUndefined();
    const later = await pricesForDays(storage, source, "ethereum", "usd", ["2026-09-01"], "2026-11-01");
    expect(Number(later.get("2026-09-01"))).toBe(await quoted("ethereum", "2026-09-01", "usd"));
  });

  it("does not cache today's price or a later day's, which are not final", async () => {
    const source = createPriceSource({ name: "Today", url: stand.url });
    const before = stand.requests();
    const read = await pricesForDays(storage, source, "ethereum", "usd", ["2026-11-30", "2026-12-01"], "2026-11-30");
    expect(read.get("2026-11-30")).toBeDefined();
    expect(read.get("2026-12-01")).toBeDefined();
    expect(stand.requests() - before).toBe(2);
    await pricesForDays(storage, source, "ethereum", "usd", ["2026-11-30", "2026-12-01"], "2026-11-30");
    expect(stand.requests() - before).toBe(4);
    const rows = await storage.db.select().from(dailyPrices);
    expect(rows.filter((row) => row.source === "Today")).toEqual([]);
  });

  it("sends the API key in its header, never in the URL", async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const source = createPriceSource({
      name: "Keyed",
      url: "https://prices.example/api/v3",
      apiKey: "secret-key-123",
      apiKeyHeader: "x-cg-demo-api-key",
      fetch: async (url, init) => {
        seen.push({ url: String(url), headers: init?.headers as Record<string, string> });
        // a recorded CoinGecko answer, cut to the fields read
        return new Response(
          JSON.stringify({
            id: "ethereum",
            market_data: { current_price: { usd: 2345.67, eur: 2010.5, cny: 16890.1, btc: 0.031 } },
          }),
        );
      },
    });
    expect(await source.pricesOn("ethereum", "2026-03-09")).toEqual({ usd: "2345.67", eur: "2010.5", cny: "16890.1" });
    expect(seen[0]?.url).toBe(
      "https://prices.example/api/v3/coins/ethereum/history?date=09-03-2026&localization=false",
    );
    expect(seen[0]?.url).not.toContain("secret");
    expect(seen[0]?.headers["x-cg-demo-api-key"]).toBe("secret-key-123");
  });
});

describe("which networks have fiat figures", () => {
  it("reads app.json's source for mainnet environments of networks with a price id, and every environment with PRICE_API_URL", () => {
    const production = rewardPricing(prices, {});
    expect(production?.sourceFor(networks.ethereum, "mainnet")?.name).toBe("CoinGecko");
    expect(production?.sourceFor(networks.ethereum, "hoodi")).toBeUndefined();
    expect(production?.sourceFor(networks.ethereum, "devnet")).toBeUndefined();
    expect(production?.sourceFor({ ...networks.ethereum, priceId: undefined }, "mainnet")).toBeUndefined();
    expect(rewardPricing(prices, { PRICE_API_URL: stand.url })?.sourceFor(networks.ethereum, "devnet")).toBeDefined();
    expect(rewardPricing(undefined, { PRICE_API_URL: stand.url })).toBeUndefined();
  });

  it("values an amount at a price exactly, to 6 decimals", () => {
    expect(fiatValue(1_500_000_000_000_000_000n, 18, "3000.5")).toBe("4500.750000");
    expect(fiatValue(3_000_000_000_000_000n, 18, "2345.67")).toBe("7.037010");
    expect(fiatValue(1n, 18, "3000")).toBe("0.000000");
    expect(fiatValue(-2_000_000_000_000_000n, 18, "1000")).toBe("-2.000000");
    expect(fiatValue(1_000_000n, 6, "7.2")).toBe("7.200000");
  });
});

describe("summing fiat totals", () => {
  const row = (totalRewardWei: bigint, totalRewardFiat: string | null) =>
    ({ totalRewardWei, totalRewardFiat }) as unknown as Parameters<typeof sumFiat>[0][number];
  it("adds millionths exactly and counts the rewarded days without a price instead of valuing them at 0", () => {
    expect(sumFiat([row(1n, "0.100000"), row(1n, "0.200000"), row(1n, "1234.000001")])).toEqual({
      earned: "1234.300001",
      unpricedDays: 0,
    });
    expect(sumFiat([row(1n, "-0.000003"), row(5n, null), row(0n, null)])).toEqual({
      earned: "-0.000003",
      unpricedDays: 1,
    });
  });
});
