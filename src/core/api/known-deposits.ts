import { z } from "zod";

/**
 * GET /deposits/known: which of the given validator public keys already have a deposit on one network
 * environment, whoever made it, confirmed or pending (in a block the indexer has not confirmed yet).
 */
export const knownDepositsPath = "/deposits/known";

/** At most this many public keys per question: one stake never has more (2048 ETH / 32 ETH = 64). */
export const MAX_KNOWN_PUBKEYS = 64;

const PUBKEY = /^[0-9a-f]{96}$/;
const pubkey = z.string().regex(PUBKEY);
const pubkeysMessage = `expected 1 to ${MAX_KNOWN_PUBKEYS} comma-separated public keys of 96 hex digits`;

export const knownDepositsQuery = z.object({
  network: z.string().describe('Network slug, e.g. "ethereum".'),
  environment: z.string().describe('Environment id, e.g. "mainnet", "hoodi", "devnet".'),
  pubkeys: z
    .string(pubkeysMessage)
    .describe(
      `Comma-separated BLS public keys, 48 bytes as 96 hex digits with or without 0x, at most ${MAX_KNOWN_PUBKEYS}.`,
    )
    .transform((value) => value.split(",").map((key) => key.trim().toLowerCase().replace(/^0x/, "")))
    .pipe(
      z
        .array(z.string())
        .min(1, pubkeysMessage)
        .max(MAX_KNOWN_PUBKEYS, pubkeysMessage)
        .refine((keys) => keys.every((key) => PUBKEY.test(key)), pubkeysMessage),
    ),
});

export const knownDepositsResponse = z.object({
  known: z
    .array(pubkey)
    .describe("The asked public keys that have a deposit, confirmed or pending, lower-case hex without 0x."),
  pending: z
    .array(pubkey)
    .describe("Those of `known` whose only deposits are in blocks newer than the indexer's confirmed block."),
  deposits: z
    .array(
      z.object({
        pubkey,
        txHash: z
          .string()
          .regex(/^0x[0-9a-f]{64}$/)
          .nullable()
          .describe("The deposit's transaction, when the indexer recorded it."),
        status: z.enum(["confirmed", "pending"]),
      }),
    )
    .describe("One entry per key of `known`, in the same order: the transaction of its first deposit."),
});

export type KnownDepositsAnswer = z.output<typeof knownDepositsResponse>;
