import { HttpStatusError } from "../errors/kit-error.ts";
import {
  type AccountNameProfile,
  balancesResponseSchema,
  type HistoryPage,
  historyResponseSchema,
  type Identity,
  identitySchema,
  type NameSuggestion,
  profileSchema,
  reverseNamesSchema,
  serverReasonSchema,
  suggestionsSchema,
  type TokenBalance,
} from "./api-schemas.ts";

export interface BlockchainApiClientOptions {
  /** Base URL of the blockchain API, without a trailing slash (the staking server serves one). */
  readonly baseUrl: string;
  readonly projectId: string;
  /** SDK type and version, sent as st and sv. */
  readonly sdkType: string;
  readonly sdkVersion: string;
  readonly fetch?: typeof globalThis.fetch;
}

export interface RegisterNameRequest {
  readonly coinType: number;
  readonly address: string;
  readonly message: string;
  readonly signature: string;
}

export interface BlockchainApiClient {
  balances(address: string, caipNetworkId: string, forceUpdate?: string): Promise<TokenBalance[]>;
  history(address: string, caipNetworkId: string, cursor?: string): Promise<HistoryPage>;
  identity(address: string): Promise<Identity>;
  /** The names registered to an address, oldest first (v1/profile/reverse, API version 2). */
  namesForAddress(address: string): Promise<AccountNameProfile[]>;
  suggestions(name: string): Promise<NameSuggestion[]>;
  registerName(request: RegisterNameRequest): Promise<{ name: string }>;
}

/** The first reason of a refused request's JSON body ({ code, message }), when it has one. */
async function reasonOf(response: Response): Promise<string | undefined> {
  try {
    const parsed = serverReasonSchema.safeParse(await response.clone().json());
    return parsed.success ? parsed.data.message : undefined;
  } catch {
    return undefined;
  }
}

/** Client of the kit's blockchain API (spec section 7); every call carries projectId, st and sv. */
export function createBlockchainApiClient(options: BlockchainApiClientOptions): BlockchainApiClient {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, "");
  const url = (path: string, query: Record<string, string | undefined> = {}) => {
    const target = new URL(`${base}/${path}`);
    target.searchParams.set("projectId", options.projectId);
    target.searchParams.set("st", options.sdkType);
    target.searchParams.set("sv", options.sdkVersion);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) target.searchParams.set(key, value);
    return target;
  };
  const send = async (target: URL, init?: RequestInit): Promise<unknown> => {
    const response = await fetcher(target, init);
    if (!response.ok) throw new HttpStatusError(response, await reasonOf(response));
    return response.json();
  };
  const path = (value: string) => encodeURIComponent(value);
  return {
    async balances(address, caipNetworkId, forceUpdate) {
      const query = { currency: "usd", chainId: caipNetworkId, forceUpdate };
      const body = await send(url(`v1/account/${path(address)}/balance`, query));
      return balancesResponseSchema.parse(body).balances;
    },
    async history(address, caipNetworkId, cursor) {
      const body = await send(url(`v1/account/${path(address)}/history`, { chainId: caipNetworkId, cursor }));
      return historyResponseSchema.parse(body);
    },
    async identity(address) {
      return identitySchema.parse(await send(url(`v1/identity/${path(address)}`, { sender: address })));
    },
    async namesForAddress(address) {
      const body = await send(url(`v1/profile/reverse/${path(address)}`, { sender: address, apiVersion: "2" }));
      return reverseNamesSchema.parse(body);
    },
    async suggestions(name) {
      return suggestionsSchema.parse(await send(url(`v1/profile/suggestions/${path(name)}`))).suggestions;
    },
    async registerName(request) {
      const body = await send(url("v1/profile/account"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          coin_type: request.coinType,
          address: request.address,
          message: request.message,
          signature: request.signature,
        }),
      });
      return profileSchema.parse(body);
    },
  };
}
