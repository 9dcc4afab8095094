import * as z from "zod/mini";
import type { CatalogueQuery } from "../../core/wallet-catalogue/wallet-listing.ts";

const optionalText = z.optional(z.nullable(z.string()));

/**
 * One wallet of the catalogue (spec section 3, "Wallet listing"). zod/mini keeps the lazily loaded modal small.
 */
export const walletListingSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  image_id: optionalText,
  image_url: optionalText,
  mobile_link: optionalText,
  desktop_link: optionalText,
  webapp_link: optionalText,
  rdns: optionalText,
  chains: z.optional(z.nullable(z.array(z.string()))),
  badge_type: optionalText,
});

export type WalletListing = z.infer<typeof walletListingSchema>;

/** Response of GET /getWallets: one page of wallets and how many match in all. */
export const getWalletsResponseSchema = z.object({
  data: z.array(walletListingSchema),
  count: z.number().check(z.int(), z.nonnegative()),
});

export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>;

/** Query of GET /getWallets besides projectId, st and sv: the same query the server's catalogue reads. */
export type GetWalletsQuery = CatalogueQuery;
