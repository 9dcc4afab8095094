import * as z from "zod/mini";
import { percentSchema } from "./percent.ts";
import { weiCodec } from "./wire.ts";

export { networkStatsPath } from "./decode-network-stats.ts";

/**
 * GET /stats/networks: per network, the configured reference APR and the APR measured per environment (percent).
 * The server answers with this schema; the app reads the answer with decode-network-stats.ts, which loads with
 * the home page without zod's runtime.
 */

export const networkStatsResponse = z.object({
  networks: z.array(
    z.object({
      network: z.string(),
      referenceApr: z.nullable(percentSchema),
      environments: z.array(
        z.object({
          environment: z.string(),
          measuredApr: z.nullable(percentSchema),
          /** The latest indexed balances of the provider's validators that still stake, in base units. */
          totalStakedWei: weiCodec,
        }),
      ),
    }),
  ),
});

export type NetworkStats = z.output<typeof networkStatsResponse>;
