import * as z from "zod/mini";

/**
 * The wallet kit's blockchain API (modal-kit spec section 7), one contract for both ends: the server's routes
 * (server/blockchain-api/, through the zod type provider, which also writes their OpenAPI entries) and the kit's
 * clients (src/modal-kit: account/blockchain-api-client.ts, features/settings-client.ts). Paths are relative to
 * the API's base (the staking server serves it under /blockchain-api). zod/mini, so the kit pays only for the
 * checks it uses.
 */

function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

/** A query text of 1 to `max` characters; every failure says so. */
function queryText(max: number, what: string, description: string) {
  const message = `expected ${what}, 1 to ${max} characters`;
  return described(z.string({ error: message }).check(z.minLength(1, message), z.maxLength(max, message)), description);
}

/**
 * The query every call carries: the caller's project id, SDK type and SDK version. Self-hosted, any non-empty
 * text is accepted; they are required so a caller that is not the kit is told what it left out.
 */
export const clientQueryShape = {
  projectId: queryText(128, "the caller's project id", "The caller's project id."),
  st: queryText(64, "the SDK type", 'SDK type of the caller ("appkit").'),
  sv: queryText(64, "the SDK version", 'SDK version of the caller ("html-wagmi-1.7.3").'),
};

export const clientQuery = z.object(clientQueryShape);

/** The client query plus a route's own parameters. */
function queryWith<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object({ ...clientQueryShape, ...shape });
}

const caipNetworkId = (description = 'CAIP-2 chain id ("eip155:1").') =>
  described(z.string({ error: 'expected a CAIP-2 chain id ("eip155:1")' }), description);
const optionalText = (description: string) => z.optional(described(z.string(), description));
const addressParams = z.object({ address: described(z.string(), "EVM address.") });
const apiVersion = z.optional(described(z.literal("2", { error: 'expected "2"' }), "Answer version: 2."));
const sender = optionalText("The asking address (accepted, unused).");

// GET v1/supported-chains

export const supportedChainsPath = "/v1/supported-chains";
export const supportedChainsQuery = clientQuery;
export const supportedChainsResponse = z.object({ http: z.array(caipNetworkId()), ws: z.array(caipNetworkId()) });

// GET v1/account/{address}/balance

export const balancePath = "/v1/account/:address/balance";
export const balanceParams = addressParams;
export const balanceQuery = queryWith({
  chainId: caipNetworkId(),
  currency: optionalText('Currency of value and price: only "usd".'),
  forceUpdate: optionalText("Token address (or CAIP-10 address) whose balance just changed: skip the 30 s cache."),
});

/** One balance (spec section 3, "Token balance"). */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkId(),
  address: optionalText('CAIP-10 token address ("eip155:1:0x…"); absent for the native coin.'),
  value: described(z.number(), "USD value (0: this server knows no prices)."),
  price: described(z.number(), "USD price (0: this server knows no prices)."),
  quantity: z.object({
    decimals: described(z.string(), "The token's decimals, as text."),
    numeric: described(z.string(), 'The amount in whole tokens, as a decimal string ("2374.5").'),
  }),
  iconUrl: described(z.string(), "Token icon URL, or empty."),
});

export const balanceResponse = z.object({ balances: z.array(tokenBalanceSchema) });

export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

// GET v1/account/{address}/history

export const historyPath = "/v1/account/:address/history";
export const historyParams = addressParams;
export const historyQuery = queryWith({
  chainId: caipNetworkId(),
  cursor: optionalText("`next` of the previous page."),
  onramp: optionalText("Onramp provider filter (accepted; this server has no onramp)."),
});

const transferSchema = z.object({
  fungible_info: z.object({
    name: z.optional(z.string()),
    symbol: z.optional(z.string()),
    icon: z.optional(z.object({ url: z.string() })),
  }),
  nft_info: z.optional(
    described(
      z.object({ flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })) }),
      "Present for spam and non-fungible transfers.",
    ),
  ),
  direction: z.enum(["in", "out", "self"]),
  sender: z.optional(
    described(z.string(), "Who the value moved from: the ERC-20 Transfer's `from` for a token, else the sender."),
  ),
  recipient: z.optional(
    described(
      z.string(),
      "Who the value moved to: the ERC-20 Transfer's `to` for a token (not the token contract), else the transaction's `to`.",
    ),
  ),
  quantity: z.object({ numeric: described(z.string(), "Whole tokens.") }),
  value: z.number(),
  price: z.number(),
});

/** One transaction (spec section 3, "Transaction"). */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.optional(z.enum(["send", "receive", "execute"])),
    hash: z.optional(z.string()),
    minedAt: described(z.string(), "ISO 8601."),
    sentFrom: z.optional(z.string()),
    sentTo: z.optional(z.string()),
    status: z.optional(z.enum(["confirmed", "failed"])),
    nonce: z.optional(z.int()),
    chain: caipNetworkId("CAIP-2 chain id."),
  }),
  transfers: z.array(transferSchema),
});

export const historyResponse = z.object({ data: z.array(transactionSchema), next: z.nullable(z.string()) });

export type Transaction = z.infer<typeof transactionSchema>;
export type HistoryPage = z.infer<typeof historyResponse>;

// GET v1/identity/{address}

export const identityPath = "/v1/identity/:address";
export const identityParams = addressParams;
export const identityQuery = queryWith({ sender });
export const identityResponse = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) });

export type Identity = z.infer<typeof identityResponse>;

// Account names: POST v1/profile/account, GET v1/profile/account/{name}, GET v1/profile/reverse/{address},
// GET v1/profile/suggestions/{name}

/** A registered name. */
export const profileSchema = z.object({
  name: described(z.string(), 'The full name ("alice.meridian.id").'),
  registered: described(z.int(), "When it was registered, Unix seconds."),
  addresses: described(
    z.record(z.string(), z.object({ address: z.string(), created: z.int() })),
    'By ENSIP-11 coin type ("60" for Ethereum mainnet, 2147483648 + chain id for other chains).',
  ),
  attributes: described(z.record(z.string(), z.string()), "Such as avatar."),
});

/** The part of a registered name the kit reads: the name and when it was registered. */
export const accountNameSchema = z.pick(profileSchema, { name: true, registered: true });

export type AccountNameProfile = z.infer<typeof accountNameSchema>;

export const registerNamePath = "/v1/profile/account";
export const registerNameQuery = clientQuery;
export const registerNameBody = z.object({
  coin_type: described(
    z.int({ error: "expected a whole number" }),
    "ENSIP-11 coin type of the chain the address signs on.",
  ),
  address: described(z.string({ error: "expected text" }), "The address the name will resolve to."),
  message: described(
    z.string({ error: "expected text" }).check(z.maxLength(4096, "expected at most 4096 characters")),
    "The signed registration message (JSON).",
  ),
  signature: described(
    z.string({ error: "expected text" }).check(z.maxLength(16_390, "expected at most 16390 characters")),
    "0x-hex signature of the message.",
  ),
});
export const registerNameResponse = profileSchema;

export const nameLookupPath = "/v1/profile/account/:name";
export const nameLookupQuery = queryWith({ apiVersion });
export const nameLookupResponse = profileSchema;

export const reverseLookupPath = "/v1/profile/reverse/:address";
export const reverseLookupParams = addressParams;
export const reverseLookupQuery = queryWith({ sender, apiVersion });
/** The names registered to an address, oldest first (empty when none). */
export const reverseLookupResponse = z.array(profileSchema);

export const nameSuggestionsPath = "/v1/profile/suggestions/:name";
export const nameSuggestionsResponse = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
});

export type NameSuggestion = z.infer<typeof nameSuggestionsResponse>["suggestions"][number];

// The kit's settings: GET appkit/v1/config, GET projects/v1/origins, GET getAnalyticsConfig

const flag = (description: string) => described(z.boolean(), description);

export const remoteConfigPath = "/appkit/v1/config";
export const remoteConfigQuery = clientQuery;
export const remoteFeaturesSchema = z.object({
  swaps: flag("Token swaps in the Account view."),
  onramp: flag("Buying crypto with a card."),
  email: flag("Email login."),
  socials: described(z.union([z.array(z.string()), z.literal(false)]), "Social logins offered, in order, or false."),
  activity: flag("The account's activity list."),
  reownBranding: flag("The kit vendor's branding in the footer."),
});
export const remoteConfigResponse = z.object({ features: remoteFeaturesSchema });

export const allowedOriginsPath = "/projects/v1/origins";
export const allowedOriginsQuery = clientQuery;
export const allowedOriginsResponse = z.object({ allowedOrigins: z.array(z.string()) });

export const analyticsConfigPath = "/getAnalyticsConfig";
export const analyticsConfigQuery = clientQuery;
export const analyticsConfigResponse = z.object({
  isAnalyticsEnabled: flag("false: the kit sends no events nor error reports to POST /e."),
});

// POST e: an analytics event or error report

/** A text of 1 to `max` characters in the event. */
function eventText(max: number, description: string) {
  const message = `expected 1 to ${max} characters`;
  return described(z.string({ error: message }).check(z.minLength(1, message), z.maxLength(max, message)), description);
}

export const analyticsPath = "/e";
export const analyticsQuery = clientQuery;
export const analyticsEvent = z.object({
  eventId: eventText(64, "Unique id of the event (a UUID)."),
  url: eventText(2048, "The page's URL."),
  domain: eventText(253, "The page's host name."),
  timestamp: described(
    z.int({ error: "expected Unix milliseconds" }).check(z.minimum(0, "expected Unix milliseconds")),
    "When it happened, Unix milliseconds.",
  ),
  props: described(
    z.record(z.string(), z.unknown(), { error: "expected an object" }),
    "Event data (event, address, properties) or error data (errorType, errorMessage, stackTrace).",
  ),
});

export type AnalyticsEvent = z.infer<typeof analyticsEvent>;
