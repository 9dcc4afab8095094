import Fastify, { type FastifyInstance } from "fastify";

/**
 * The devnet's price source: the shape of CoinGecko's `GET /api/v3/coins/{id}/history?date=dd-mm-yyyy`
 * (market_data.current_price per currency), with made-up prices that move from day to day so a rewards CSV
 * shows each day at its own price. Coins it does not list answer 404 as CoinGecko does.
 */
export const DEVNET_PRICES_USD: Readonly<Record<string, number>> = {
  ethereum: 3000,
  "conflux-token": 0.15,
};
const EUR_PER_USD = 0.92;
const CNY_PER_USD = 7.2;

/** The devnet's USD price of a coin on a UTC day: the base price, moved up to ±5 % by the day of the year. */
export function devnetUsdPrice(coinId: string, day: string): number | undefined {
  const base = DEVNET_PRICES_USD[coinId];
  if (base === undefined) return undefined;
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return Math.round(base * (1 + 0.05 * Math.sin(dayNumber / 3)) * 100) / 100;
}

export async function startPriceStandIn(options: { host?: string; port?: number } = {}): Promise<{
  readonly url: string;
  readonly requests: () => number;
  close(): Promise<void>;
}> {
  const app: FastifyInstance = Fastify({ logger: false });
  let requests = 0;
  app.get<{ Params: { id: string }; Querystring: { date?: string } }>(
    "/api/v3/coins/:id/history",
    async (request, reply) => {
      requests += 1;
      const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(request.query.date ?? "");
      if (!match) return reply.code(400).send({ error: "invalid date: expected dd-mm-yyyy" });
      const day = `${match[3]}-${match[2]}-${match[1]}`;
      const usd = devnetUsdPrice(request.params.id, day);
      if (usd === undefined) return reply.code(404).send({ error: "coin not found" });
      const round = (value: number) => Math.round(value * 100) / 100;
      return {
        id: request.params.id,
        market_data: { current_price: { usd, eur: round(usd * EUR_PER_USD), cny: round(usd * CNY_PER_USD) } },
      };
    },
  );
  const address = await app.listen({ host: options.host ?? "127.0.0.1", port: options.port ?? 0 });
  return { url: `${address}/api/v3`, requests: () => requests, close: () => app.close() };
}
