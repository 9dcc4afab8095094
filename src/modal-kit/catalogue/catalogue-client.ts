import { createJsonClient, urlWithQuery } from "../../core/http/json-client.ts";
import { HttpStatusError } from "../errors/kit-error.ts";
import { decodeGetWalletsResponse, type GetWalletsQuery, type GetWalletsResponse } from "./wallet-listing.ts";

export interface CatalogueClientOptions {
  /** Base URL of the wallet list API, without a trailing slash (the staking server serves one). */
  readonly baseUrl: string;
  readonly projectId: string;
  /** SDK type and version, sent as st and sv. */
  readonly sdkType: string;
  readonly sdkVersion: string;
  readonly fetch?: typeof globalThis.fetch;
}

export interface CatalogueClient {
  getWallets(query: GetWalletsQuery, signal?: AbortSignal): Promise<GetWalletsResponse>;
  /** URL of a wallet's image by its image id. */
  walletImageUrl(imageId: string): string;
  /** Fetches a wallet image as a blob (GET /getWalletImage/{id}). */
  getWalletImage(imageId: string, signal?: AbortSignal): Promise<Blob>;
}

/** Client of the wallet list API (spec section 7): GET /getWallets and GET /getWalletImage/{id}. */
export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, "");
  const client = createJsonClient<AbortSignal, Response>({
    fetch: fetcher,
    statusError: ({ response }) => new HttpStatusError(response),
  });
  const identity = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion };
  const list = (values: readonly string[] | undefined) => (values?.length ? values.join(",") : undefined);
  return {
    async getWallets(query, signal) {
      const body = await client.json({
        url: urlWithQuery(`${base}/getWallets`, {
          ...identity,
          page: query.page,
          entries: query.entries,
          include: list(query.include),
          exclude: list(query.exclude),
          chains: list(query.chains),
          search: query.search || undefined,
          badge_type: query.badgeType || undefined,
        }),
        signal,
      });
      return decodeGetWalletsResponse(body);
    },
    walletImageUrl(imageId) {
      return urlWithQuery(`${base}/getWalletImage/${encodeURIComponent(imageId)}`, identity);
    },
    async getWalletImage(imageId, signal) {
      const response = await client.send({ url: this.walletImageUrl(imageId), signal });
      return response.blob();
    },
  };
}
