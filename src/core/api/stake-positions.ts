import { z } from "zod";
import { addressSchema } from "./wire.ts";

/**
 * GET /stake-positions: every network (and network part) where an address has a stake that this server can
 * see: validators the indexer knows, validators registered with SSV operators, votes in a delegation pool.
 */
export const stakePositionsPath = "/stake-positions";

export const stakePositionsQuery = z.object({
  owner: addressSchema,
});

/** What kind of stake a position is. */
export const stakePositionKindSchema = z
  .enum(["validators", "ssv-validators", "pool-votes"])
  .describe(
    "validators: deposited validators the indexer knows; ssv-validators: validators registered with SSV operators; pool-votes: votes in a delegation pool (staked, unstaking or not withdrawn).",
  );

export const stakePositionSchema = z.object({
  network: z.string().describe('Network slug, e.g. "ethereum".'),
  subNetwork: z.string().nullable().describe('The network part, e.g. "espace", or null for the network itself.'),
  environment: z.string().describe('Environment id, e.g. "mainnet", "devnet".'),
  kind: stakePositionKindSchema,
  count: z.number().int().positive().describe("How many validators, or how many votes."),
});

export const stakePositionsResponse = z.object({
  positions: z.array(stakePositionSchema),
  unreadable: z
    .array(z.object({ network: z.string(), subNetwork: z.string().nullable(), environment: z.string() }))
    .describe("Places whose chain did not answer: a position there may be missing from the list."),
});

export type StakePosition = z.output<typeof stakePositionSchema>;
export type StakePositions = z.output<typeof stakePositionsResponse>;
