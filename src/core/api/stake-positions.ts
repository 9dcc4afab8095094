import { z } from "zod";
import { addressSchema } from "./wire.ts";

/**
 * GET /stake-positions: every network (and network part) where an address has a stake that this server can
 * see: validators the indexer knows, validators registered with SSV operators, stake in a delegation pool.
 */
export const stakePositionsPath = "/stake-positions";

export const stakePositionsQuery = z.object({
  owner: addressSchema,
});

const place = {
  network: z.string().describe('Network slug, e.g. "ethereum".'),
  subNetwork: z.string().nullable().describe('The network part, e.g. "espace", or null for the network itself.'),
  environment: z.string().describe('Environment id, e.g. "mainnet", "devnet".'),
};

/** A position of validators: how many. */
const validatorPositionSchema = z.object({
  ...place,
  kind: z
    .enum(["validators", "ssv-validators"])
    .describe(
      "validators: deposited validators the indexer knows; ssv-validators: validators registered with SSV operators.",
    ),
  count: z.number().int().positive().describe("How many validators."),
});

/** A stake in a delegation pool: how much, in the coin's base unit (fractions of a vote too). */
const poolPositionSchema = z.object({
  ...place,
  kind: z
    .literal("pool-stake")
    .describe("pool-stake: stake in a delegation pool (staked, unstaking or not withdrawn)."),
  amountWei: z
    .string()
    .regex(/^[1-9]\d*$/)
    .describe("The stake in the coin's base unit (wei), as a decimal string: staked, unstaking and not withdrawn."),
});

export const stakePositionSchema = z.discriminatedUnion("kind", [validatorPositionSchema, poolPositionSchema]);

export const stakePositionsResponse = z.object({
  positions: z.array(stakePositionSchema),
  unreadable: z
    .array(z.object({ network: z.string(), subNetwork: z.string().nullable(), environment: z.string() }))
    .describe("Places whose chain did not answer: a position there may be missing from the list."),
});

export type StakePosition = z.output<typeof stakePositionSchema>;
export type StakePositions = z.output<typeof stakePositionsResponse>;
