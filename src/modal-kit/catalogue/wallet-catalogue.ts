import { infiniteQueryOptions, queryOptions, skipToken } from "@tanstack/react-query";
import { createStore, type Store } from "../../core/store/create-store.ts";
import type { CatalogueClient } from "./catalogue-client.ts";
import { IMAGE_TIMEOUT_MS, prefetchWalletImages } from "./prefetch-images.ts";
import type { GetWalletsResponse, WalletListing } from "./wallet-listing.ts";

/** Spec section 9, wallet list. */
export const WALLET_PAGE_SIZE = 40;
export const FEATURED_COUNT = 4;
export const SEARCH_ENTRIES = 100;
export const SEARCH_DEBOUNCE_MS = 300;

export interface WalletCatalogueOptions {
  readonly client: CatalogueClient;
  readonly featuredIds?: readonly string[];
  readonly includeIds?: readonly string[];
  readonly excludeIds?: readonly string[];
  /** CAIP-2 ids of the configured networks. */
  readonly chains?: readonly string[];
  readonly imageTimeoutMs?: number;
}

/** Wallet id → image URL (object URL, listing URL or generated fallback). */
export type WalletImages = Readonly<Record<string, string>>;

/**
 * The wallet catalogue API as the kit's views read it: the lists are react-query queries (the factories below),
 * the images prefetched for them a store of object URLs, made once and kept while the modal lives.
 */
export interface WalletCatalogue {
  readonly client: CatalogueClient;
  readonly featuredIds: readonly string[];
  /** include, exclude and chains of every list request. */
  readonly base: {
    readonly include: readonly string[];
    readonly exclude: readonly string[];
    readonly chains: readonly string[];
  };
  readonly images: Store<WalletImages>;
  /** Prefetches the images of the first 20 of `wallets` into `images`. */
  prefetch(wallets: readonly WalletListing[]): void;
}

export function createWalletCatalogue(options: WalletCatalogueOptions): WalletCatalogue {
  const images = createStore<WalletImages>({});
  const { client } = options;
  return {
    client,
    featuredIds: options.featuredIds ?? [],
    base: { include: options.includeIds ?? [], exclude: options.excludeIds ?? [], chains: options.chains ?? [] },
    images,
    prefetch(wallets) {
      void prefetchWalletImages(client, wallets, options.imageTimeoutMs ?? IMAGE_TIMEOUT_MS).then((loaded) =>
        images.setState(Object.fromEntries(loaded)),
      );
    },
  };
}

/** Keys of the catalogue's queries, under the kit's own. */
export const catalogueQueryKey = ["modal-kit", "catalogue"] as const;
export const walletSearchQueryKey = [...catalogueQueryKey, "search"] as const;

/** Read once for the modal's life; a failure is not retried until a view asks again. */
const ONCE = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: false } as const;

export interface FeaturedWallets {
  readonly featured: readonly WalletListing[];
  readonly recommended: readonly WalletListing[];
}

/** The featured wallets (in the host's order, at most 4) and 4 recommended ones besides them. */
export function featuredWalletsQueryOptions(catalogue: WalletCatalogue | undefined) {
  return queryOptions({
    queryKey: [...catalogueQueryKey, "featured"] as const,
    ...ONCE,
    queryFn: catalogue
      ? async (): Promise<FeaturedWallets> => {
          const { client, featuredIds, base } = catalogue;
          const featured = featuredIds.length
            ? (await client.getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })).data
            : [];
          const recommended = (
            await client.getWallets({
              page: 1,
              entries: FEATURED_COUNT,
              ...base,
              exclude: [...base.exclude, ...featuredIds],
            })
          ).data;
          const ordered = [...featured].sort((a, b) => featuredIds.indexOf(a.id) - featuredIds.indexOf(b.id));
          catalogue.prefetch([...ordered, ...recommended]);
          return { featured: ordered.slice(0, FEATURED_COUNT), recommended };
        }
      : skipToken,
  });
}

/** Every wallet of the catalogue, 40 a page, until the server's count is reached. */
export function walletPagesQueryOptions(catalogue: WalletCatalogue | undefined) {
  return infiniteQueryOptions({
    queryKey: [...catalogueQueryKey, "wallets"] as const,
    ...ONCE,
    initialPageParam: 1,
    getNextPageParam: (last: GetWalletsResponse, pages: GetWalletsResponse[]) =>
      pages.reduce((loaded, page) => loaded + page.data.length, 0) >= last.count || last.data.length === 0
        ? undefined
        : pages.length + 1,
    queryFn: catalogue
      ? async ({ pageParam }) => {
          const response = await catalogue.client.getWallets({
            page: pageParam,
            entries: WALLET_PAGE_SIZE,
            ...catalogue.base,
          });
          catalogue.prefetch(response.data);
          return response;
        }
      : skipToken,
  });
}

/** The loaded pages' wallets, each once. */
export function walletsOfPages(pages: readonly GetWalletsResponse[] | undefined): WalletListing[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) =>
    page.data.filter((wallet) => !seen.has(wallet.id) && Boolean(seen.add(wallet.id))),
  );
}

/** Up to 100 wallets matching `term` (already trimmed and debounced); nothing is asked for an empty term. */
export function walletSearchQueryOptions(catalogue: WalletCatalogue | undefined, term: string) {
  return queryOptions({
    queryKey: [...walletSearchQueryKey, term] as const,
    ...ONCE,
    queryFn:
      catalogue && term !== ""
        ? async ({ signal }) => {
            const { data } = await catalogue.client.getWallets(
              { page: 1, entries: SEARCH_ENTRIES, search: term, ...catalogue.base },
              signal,
            );
            catalogue.prefetch(data);
            return data;
          }
        : skipToken,
  });
}
