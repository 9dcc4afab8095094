import * as z from "zod/mini";
import {
  type AccountNameProfile,
  accountNameSchema,
  balanceResponse,
  type HistoryPage,
  historyResponse,
  type Identity,
  identityResponse,
  type NameSuggestion,
  nameSuggestionsResponse,
  type TokenBalance,
} from "../../core/api/blockchain-api.ts";
import { createJsonClient, urlWithQuery } from "../../core/http/json-client.ts";
import { HttpStatusError } from "../errors/kit-error.ts";

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

/**
 * Client of the kit's blockchain API (spec section 7), over its contract (src/core/api/blockchain-api.ts, which the
 * server's routes serve); every call carries projectId, st and sv.
 */
export function createBlockchainApiClient(options: BlockchainApiClientOptions): BlockchainApiClient {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, "");
  // A refusal carries the server's first reason (the message of its { code, message } body) when it gives one.
  const client = createJsonClient<AbortSignal, Response>({
    fetch: fetcher,
    statusError: ({ response, body }) => new HttpStatusError(response, body.message),
  });
  const identity = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion };
  const get = (path: string, query: Record<string, string | undefined> = {}) =>
    client.json({ url: urlWithQuery(`${base}/${path}`, { ...identity, ...query }) });
  const path = (value: string) => encodeURIComponent(value);
  return {
    async balances(address, caipNetworkId, forceUpdate) {
      const query = { currency: "usd", chainId: caipNetworkId, forceUpdate };
      const body = await get(`v1/account/${path(address)}/balance`, query);
      return balanceResponse.parse(body).balances;
    },
    async history(address, caipNetworkId, cursor) {
      const body = await get(`v1/account/${path(address)}/history`, { chainId: caipNetworkId, cursor });
      return historyResponse.parse(body);
    },
    async identity(address) {
      return identityResponse.parse(await get(`v1/identity/${path(address)}`, { sender: address }));
    },
    async namesForAddress(address) {
      const body = await get(`v1/profile/reverse/${path(address)}`, { sender: address, apiVersion: "2" });
      return z.array(accountNameSchema).parse(body);
    },
    async suggestions(name) {
      return nameSuggestionsResponse.parse(await get(`v1/profile/suggestions/${path(name)}`)).suggestions;
    },
    async registerName(request) {
      const body = await client.json({
        method: "POST",
        url: urlWithQuery(`${base}/v1/profile/account`, identity),
        body: {
          coin_type: request.coinType,
          address: request.address,
          message: request.message,
          signature: request.signature,
        },
      });
      return accountNameSchema.parse(body);
    },
  };
}
