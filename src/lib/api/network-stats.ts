import * as z from "zod/mini";
import { percentSchema } from "./percent.ts";

/**
 * GET /stats/networks: per network, the configured reference APR and the APR measured per environment (percent).
 * zod/mini: these stats load with the home page, whose JavaScript has a budget.
 */
export const networkStatsPath = "/stats/networks";

export const networkStatsResponse = z.object({
  networks: z.array(
    z.object({
      network: z.string(),
      referenceApr: z.nullable(percentSchema),
      environments: z.array(
        z.object({
          environment: z.string(),
          measuredApr: z.nullable(percentSchema),
        }),
      ),
    }),
  ),
});

export type NetworkStats = z.output<typeof networkStatsResponse>;
