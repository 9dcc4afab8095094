import type { GetWalletsResponse, WalletListing } from "./wallet-listing.ts";

const MAX_ENTRIES = 100;

const list = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Answers a GET /getWallets query from a catalogue held in memory, the way the wallet list API does, so a
 * self-hosted server can serve the kit offline: include / exclude by id, chains (CAIP-2 ids, matched by
 * namespace), case-insensitive search on the name, badge_type, then page and entries (at most 100).
 */
export function queryCatalogue(catalogue: readonly WalletListing[], params: URLSearchParams): GetWalletsResponse {
  const include = list(params.get("include"));
  const exclude = new Set(list(params.get("exclude")));
  const namespaces = new Set(list(params.get("chains")).map((chain) => chain.split(":")[0]));
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const badge = params.get("badge_type");
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const entries = Math.min(MAX_ENTRIES, Math.max(1, Number.parseInt(params.get("entries") ?? "40", 10) || 40));

  const matching = catalogue.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (namespaces.size === 0 || (wallet.chains ?? []).some((chain) => namespaces.has(chain.split(":")[0]))) &&
      (search === "" || wallet.name.toLowerCase().includes(search)) &&
      (!badge || wallet.badge_type === badge),
  );
  const ordered =
    include.length === 0 ? matching : [...matching].sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  return { data: ordered.slice((page - 1) * entries, page * entries), count: matching.length };
}
