import type { CatalogueClient } from "./catalogue-client.ts";
import { IMAGE_TIMEOUT_MS, prefetchWalletImages } from "./prefetch-images.ts";
import type { WalletListing } from "./wallet-listing.ts";

/** Spec section 9, wallet list. */
export const WALLET_PAGE_SIZE = 40;
export const FEATURED_COUNT = 4;
export const SEARCH_ENTRIES = 100;
const SEARCH_DEBOUNCE_MS = 300;

export interface WalletListState {
  readonly wallets: readonly WalletListing[];
  readonly count: number;
  readonly page: number;
  readonly loading: boolean;
  readonly featured: readonly WalletListing[];
  readonly recommended: readonly WalletListing[];
  readonly search: string;
  /** Results of the current search; undefined while no search is typed. */
  readonly searchResults: readonly WalletListing[] | undefined;
  readonly searching: boolean;
  /** Wallet id → image URL (object URL, listing URL or generated fallback). */
  readonly images: Readonly<Record<string, string>>;
  readonly error: unknown;
}

export interface WalletListOptions {
  readonly client: CatalogueClient;
  readonly featuredIds?: readonly string[];
  readonly includeIds?: readonly string[];
  readonly excludeIds?: readonly string[];
  /** CAIP-2 ids of the configured networks. */
  readonly chains?: readonly string[];
  readonly imageTimeoutMs?: number;
}

export interface WalletListStore {
  getState(): WalletListState;
  subscribe(listener: () => void): () => void;
  /** Loads the featured wallets (in the host's order) and 4 recommended ones. */
  loadFeaturedAndRecommended(): Promise<void>;
  /** Loads the next page of 40; does nothing when everything is loaded or a page is loading. */
  loadNextPage(): Promise<void>;
  /** Sets the search text; the request (100 entries) goes out 300 ms after the last keystroke. */
  setSearch(text: string): void;
  /** Resolves once the pending or running search has finished (for callers that must wait on it). */
  searchSettled(): Promise<void>;
  dispose(): void;
}

/** Paging, featured / recommended and debounced search over the wallet catalogue API. */
export function createWalletListStore(options: WalletListOptions): WalletListStore {
  const { client } = options;
  const listeners = new Set<() => void>();
  const base = { include: options.includeIds ?? [], exclude: options.excludeIds ?? [], chains: options.chains ?? [] };
  let state: WalletListState = {
    wallets: [],
    count: Number.POSITIVE_INFINITY,
    page: 0,
    loading: false,
    featured: [],
    recommended: [],
    search: "",
    searchResults: undefined,
    searching: false,
    images: {},
    error: undefined,
  };
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let searchAbort: AbortController | undefined;
  let searchDone: Promise<void> = Promise.resolve();
  let settleSearch: () => void = () => {};
  let disposed = false;

  const set = (patch: Partial<WalletListState>) => {
    if (disposed) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const prefetch = (wallets: readonly WalletListing[]) =>
    void prefetchWalletImages(client, wallets, options.imageTimeoutMs ?? IMAGE_TIMEOUT_MS).then((images) =>
      set({ images: { ...state.images, ...Object.fromEntries(images) } }),
    );

  const runSearch = async (text: string) => {
    searchAbort?.abort();
    const abort = new AbortController();
    searchAbort = abort;
    try {
      const { data } = await client.getWallets(
        { page: 1, entries: SEARCH_ENTRIES, search: text, ...base },
        abort.signal,
      );
      if (abort.signal.aborted || state.search !== text) return;
      set({ searchResults: data, searching: false, error: undefined });
      prefetch(data);
    } catch (error) {
      if (!abort.signal.aborted) set({ searching: false, error });
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async loadFeaturedAndRecommended() {
      const featuredIds = options.featuredIds ?? [];
      try {
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
        set({ featured: ordered.slice(0, FEATURED_COUNT), recommended, error: undefined });
        prefetch([...ordered, ...recommended]);
      } catch (error) {
        set({ error });
      }
    },
    async loadNextPage() {
      if (state.loading || state.wallets.length >= state.count) return;
      const page = state.page + 1;
      set({ loading: true });
      try {
        const { data, count } = await client.getWallets({ page, entries: WALLET_PAGE_SIZE, ...base });
        const known = new Set(state.wallets.map((wallet) => wallet.id));
        const fresh = data.filter((wallet) => !known.has(wallet.id));
        set({ wallets: [...state.wallets, ...fresh], count, page, loading: false, error: undefined });
        prefetch(fresh);
      } catch (error) {
        set({ loading: false, error });
      }
    },
    setSearch(text) {
      const trimmed = text.trim();
      if (searchTimer !== undefined) clearTimeout(searchTimer);
      if (trimmed === "") {
        searchAbort?.abort();
        set({ search: "", searchResults: undefined, searching: false });
        settleSearch();
        return;
      }
      if (!state.searching) searchDone = new Promise((resolve) => (settleSearch = resolve));
      set({ search: trimmed, searching: true });
      searchTimer = setTimeout(() => {
        searchTimer = undefined;
        void runSearch(trimmed).finally(() => {
          if (state.search === trimmed) settleSearch();
        });
      }, SEARCH_DEBOUNCE_MS);
    },
    searchSettled: () => searchDone,
    dispose() {
      disposed = true;
      if (searchTimer !== undefined) clearTimeout(searchTimer);
      searchAbort?.abort();
      listeners.clear();
    },
  };
}
