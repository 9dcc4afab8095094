import * as z from "zod/mini";

/** One balance of GET v1/account/{address}/balance (spec section 3, "Token balance"). */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2 chain id. */
  chainId: z.string(),
  /** CAIP-10 token address; absent for the native coin. */
  address: z.optional(z.string()),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
});

export const balancesResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) });

export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

const transferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      symbol: z.optional(z.string()),
      icon: z.optional(z.object({ url: z.string() })),
    }),
  ),
  nft_info: z.optional(z.object({ flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })) })),
  direction: z.string(),
  quantity: z.object({ numeric: z.string() }),
});

/** One transaction of GET v1/account/{address}/history (spec section 3, "Transaction"). */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.optional(z.string()),
    hash: z.optional(z.string()),
    minedAt: z.string(),
    chain: z.string(),
    sentFrom: z.optional(z.string()),
    sentTo: z.optional(z.string()),
    status: z.optional(z.string()),
  }),
  transfers: z.array(transferSchema),
});

export const historyResponseSchema = z.object({ data: z.array(transactionSchema), next: z.nullable(z.string()) });

export type Transaction = z.infer<typeof transactionSchema>;
export type HistoryPage = z.infer<typeof historyResponseSchema>;

/** GET v1/identity/{address}. */
export const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) });

export type Identity = z.infer<typeof identitySchema>;

/** GET v1/profile/suggestions/{name}. */
export const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
});

export type NameSuggestion = z.infer<typeof suggestionsSchema>["suggestions"][number];

/** A registered name (POST v1/profile/account). */
export const profileSchema = z.object({ name: z.string(), registered: z.number() });

export type AccountNameProfile = z.infer<typeof profileSchema>;

/** GET v1/profile/reverse/{address}: the names registered to an address, oldest first (empty when none). */
export const reverseNamesSchema = z.array(profileSchema);

/** The body of a refused request: the first reason the server gives. */
export const serverReasonSchema = z.object({ message: z.string() });
