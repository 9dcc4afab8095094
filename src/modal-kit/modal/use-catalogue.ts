import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { createStore } from "../../core/store/create-store.ts";
import {
  type FeaturedWallets,
  featuredWalletsQueryOptions,
  SEARCH_DEBOUNCE_MS,
  type WalletImages,
  walletPagesQueryOptions,
  walletSearchQueryKey,
  walletSearchQueryOptions,
  walletsOfPages,
} from "../catalogue/wallet-catalogue.ts";
import type { WalletListing } from "../catalogue/wallet-listing.ts";
import { useStore } from "../store/use-store.ts";
import { useKit } from "./kit-context.ts";

const NO_IMAGES = createStore<WalletImages>({});
const NO_FEATURED: FeaturedWallets = { featured: [], recommended: [] };

/** Image URLs of the catalogue's wallets, as their prefetches finish. */
export function useWalletImages(): WalletImages {
  const { catalogue } = useKit();
  return useStore(catalogue?.images ?? NO_IMAGES);
}

/** The featured and recommended wallets, read once (the Connect view's rows). */
export function useFeaturedWallets(): FeaturedWallets {
  const { catalogue } = useKit();
  return useQuery(featuredWalletsQueryOptions(catalogue)).data ?? NO_FEATURED;
}

/** Every wallet of the catalogue, a page of 40 at a time: `loadMore` asks for the next page unless one is loading. */
export function useWalletPages() {
  const { catalogue } = useKit();
  const query = useInfiniteQuery(walletPagesQueryOptions(catalogue));
  const wallets = useMemo(() => walletsOfPages(query.data?.pages), [query.data]);
  const { hasNextPage, isFetching, fetchNextPage } = query;
  return {
    wallets,
    loading: isFetching,
    error: query.error,
    loadMore() {
      if (hasNextPage && !isFetching) void fetchNextPage();
    },
  };
}

/**
 * The search of the All wallets view: the request (100 entries) goes out 300 ms after the last keystroke; until
 * its answer the previous results stay. No results (undefined) while nothing is typed.
 */
export function useWalletSearch(text: string) {
  const { catalogue } = useKit();
  const typed = text.trim();
  const [term, setTerm] = useState("");
  useEffect(() => {
    if (typed === "") {
      setTerm("");
      return;
    }
    const timer = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({ ...walletSearchQueryOptions(catalogue, term), placeholderData: keepPreviousData });
  if (typed === "") return { results: undefined, searching: false, error: null };
  return {
    results: query.data,
    searching: term !== typed || query.isFetching,
    error: term === typed ? query.error : null,
  };
}

export interface CatalogueState extends FeaturedWallets {
  /** The pages loaded so far. */
  readonly wallets: readonly WalletListing[];
  /** Wallets found by the searches of this modal. */
  readonly searchResults: readonly WalletListing[];
  readonly images: WalletImages;
}

/** What the catalogue has loaded so far, for views that show a wallet picked from it; asks for nothing. */
export function useCatalogueState(): CatalogueState {
  const { catalogue } = useKit();
  const queryClient = useQueryClient();
  const featured = useQuery({ ...featuredWalletsQueryOptions(catalogue), enabled: false }).data ?? NO_FEATURED;
  const pages = useInfiniteQuery({ ...walletPagesQueryOptions(catalogue), enabled: false }).data;
  const wallets = useMemo(() => walletsOfPages(pages?.pages), [pages]);
  const images = useWalletImages();
  const searchResults = queryClient
    .getQueriesData<readonly WalletListing[]>({ queryKey: walletSearchQueryKey })
    .flatMap(([, data]) => data ?? []);
  return { ...featured, wallets, searchResults, images };
}
