import { z } from "zod";

const hexPrefixed = z.string().startsWith("0x");

/** One call of a wallet_sendCalls request (spec section 5): destination and optional data start with 0x. */
export const walletCallSchema = z.object({
  to: hexPrefixed,
  data: hexPrefixed.optional(),
  value: z.string().optional(),
});

export const walletCallsSchema = z.array(walletCallSchema);

export type WalletCall = z.infer<typeof walletCallSchema>;

/** The value a call sends, in wei; a missing or non-numeric value counts as zero. */
export function callValue(call: WalletCall): bigint {
  if (call.value === undefined) return 0n;
  try {
    const value = BigInt(call.value);
    return value < 0n ? 0n : value;
  } catch {
    return 0n;
  }
}

export const PREFLIGHT_COMMITMENTS = [
  "processed",
  "confirmed",
  "finalized",
  "recent",
  "single",
  "singleGossip",
  "root",
  "max",
] as const;

const options = z.object({ preflightCommitment: z.enum(PREFLIGHT_COMMITMENTS).optional() }).optional();

/** Solana sign requests: message and pubkey, one transaction, or several, all as strings. */
export const solanaSignMessageSchema = z.object({ message: z.string(), pubkey: z.string() });
export const solanaSignTransactionSchema = z.object({ transaction: z.string(), options });
export const solanaSignAllTransactionsSchema = z.object({ transactions: z.array(z.string()), options });

export const solanaSignRequestSchema = z.union([
  solanaSignMessageSchema,
  solanaSignTransactionSchema,
  solanaSignAllTransactionsSchema,
]);

export type SolanaSignRequest = z.infer<typeof solanaSignRequestSchema>;
