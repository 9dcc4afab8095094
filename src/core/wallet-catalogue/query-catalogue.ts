import {
  type CatalogueQuery,
  DEFAULT_CATALOGUE_ENTRIES,
  MAX_CATALOGUE_ENTRIES,
  type WalletListing,
  type WalletPage,
} from "./wallet-listing.ts";

const namespaceOf = (chain: string) => chain.split(":")[0] ?? chain;

/**
 * Answers a GET /getWallets query from a catalogue held in memory, the way the wallet list API does:
 * include / exclude by id (an include list also sets the order), chains matched by namespace,
 * case-insensitive search on the name, badge_type, then the 1-based page of `entries` wallets; count is the
 * number of matching wallets over all pages.
 */
export function queryCatalogue(catalogue: readonly WalletListing[], query: CatalogueQuery): WalletPage {
  const include = query.include ?? [];
  const exclude = new Set(query.exclude ?? []);
  const namespaces = new Set((query.chains ?? []).map(namespaceOf));
  const search = (query.search ?? "").trim().toLowerCase();
  const matching = catalogue.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (namespaces.size === 0 || (wallet.chains ?? []).some((chain) => namespaces.has(namespaceOf(chain)))) &&
      (search === "" || wallet.name.toLowerCase().includes(search)) &&
      (!query.badgeType || wallet.badge_type === query.badgeType),
  );
  const ordered =
    include.length === 0 ? matching : [...matching].sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  const entries = Math.min(MAX_CATALOGUE_ENTRIES, Math.max(1, Math.trunc(query.entries)));
  const page = Math.max(1, Math.trunc(query.page));
  return { data: ordered.slice((page - 1) * entries, page * entries), count: matching.length };
}

const list = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads a GET /getWallets query string leniently (for stand-in servers); the staking server validates strictly. */
export function catalogueQueryFromParams(params: URLSearchParams): CatalogueQuery {
  const search = params.get("search");
  const badgeType = params.get("badge_type");
  return {
    page: Number.parseInt(params.get("page") ?? "1", 10) || 1,
    entries: Number.parseInt(params.get("entries") ?? "", 10) || DEFAULT_CATALOGUE_ENTRIES,
    include: list(params.get("include")),
    exclude: list(params.get("exclude")),
    chains: list(params.get("chains")),
    ...(search ? { search } : {}),
    ...(badgeType ? { badgeType } : {}),
  };
}
