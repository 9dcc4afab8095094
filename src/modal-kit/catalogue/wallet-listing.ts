import type { CatalogueQuery, WalletListing, WalletPage } from "../../core/wallet-catalogue/wallet-listing.ts";
import { AnswerShapeError, type At, field, list, object, text, texts } from "../validation/answer-shape.ts";

export type { WalletListing };
/** Response of GET /getWallets: one page of wallets and how many match in all. */
export type GetWalletsResponse = WalletPage;
/** Query of GET /getWallets besides projectId, st and sv: the same query the server's catalogue reads. */
export type GetWalletsQuery = CatalogueQuery;

const OPTIONAL_TEXTS = [
  "image_id",
  "image_url",
  "mobile_link",
  "desktop_link",
  "webapp_link",
  "rdns",
  "badge_type",
] as const;

/** One wallet of the catalogue (spec section 3, "Wallet listing"); its unknown keys are dropped. */
function walletListing(value: unknown, at: At): WalletListing {
  const entry = object(value, at);
  const listing: { -readonly [K in keyof WalletListing]: WalletListing[K] } = {
    id: text(entry.id, field(at, "id"), 1),
    name: text(entry.name, field(at, "name"), 1),
  };
  for (const key of OPTIONAL_TEXTS) {
    const found = entry[key];
    if (found !== undefined) listing[key] = found === null ? null : text(found, field(at, key));
  }
  if (entry.chains !== undefined)
    listing.chains = entry.chains === null ? null : texts(entry.chains, field(at, "chains"));
  return listing;
}

/**
 * Checks a GET /getWallets answer ({ data: listings, count: a whole number from 0 }) without zod, which would
 * add about 8 KB gzip to what the modal loads as it opens. Throws AnswerShapeError naming the field.
 */
export function decodeGetWalletsResponse(body: unknown): GetWalletsResponse {
  const at: At = { request: "GET getWallets", path: "" };
  const page = object(body, at);
  const data = list(page.data, field(at, "data")).map((item, index) =>
    walletListing(item, field(field(at, "data"), index)),
  );
  const { count } = page;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0)
    throw new AnswerShapeError(at.request, "count", "expected a whole number from 0");
  return { data, count };
}
