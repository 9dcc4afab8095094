import { HttpStatusError } from "../errors/kit-error.ts";
import type { GetWalletsQuery, GetWalletsResponse } from "./wallet-listing.ts";

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
  const identify = (url: URL) => {
    url.searchParams.set("projectId", options.projectId);
    url.searchParams.set("st", options.sdkType);
    url.searchParams.set("sv", options.sdkVersion);
    return url;
  };
  const get = async (url: URL, signal: AbortSignal | undefined) => {
    const response = await fetcher(url, signal ? { signal } : {});
    if (!response.ok) throw new HttpStatusError(response);
    return response;
  };
  return {
    async getWallets(query, signal) {
      const url = identify(new URL(`${base}/getWallets`));
      url.searchParams.set("page", String(query.page));
      url.searchParams.set("entries", String(query.entries));
      if (query.include?.length) url.searchParams.set("include", query.include.join(","));
      if (query.exclude?.length) url.searchParams.set("exclude", query.exclude.join(","));
      if (query.chains?.length) url.searchParams.set("chains", query.chains.join(","));
      if (query.search) url.searchParams.set("search", query.search);
      if (query.badgeType) url.searchParams.set("badge_type", query.badgeType);
      // The response schema (zod) loads beside the first request, not with the modal's code.
      const [response, { getWalletsResponseSchema }] = await Promise.all([
        get(url, signal),
        import("./wallet-listing.ts"),
      ]);
      return getWalletsResponseSchema.parse(await response.json());
    },
    walletImageUrl(imageId) {
      return identify(new URL(`${base}/getWalletImage/${encodeURIComponent(imageId)}`)).href;
    },
    async getWalletImage(imageId, signal) {
      const response = await get(new URL(this.walletImageUrl(imageId)), signal);
      return response.blob();
    },
  };
}
