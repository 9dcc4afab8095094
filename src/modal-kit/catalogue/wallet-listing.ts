import { z } from "zod";

/** One wallet of the catalogue (spec section 3, "Wallet listing"). */
export const walletListingSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  image_id: z.string().nullish(),
  image_url: z.string().nullish(),
  mobile_link: z.string().nullish(),
  desktop_link: z.string().nullish(),
  webapp_link: z.string().nullish(),
  rdns: z.string().nullish(),
  chains: z.array(z.string()).nullish(),
  badge_type: z.string().nullish(),
});

export type WalletListing = z.infer<typeof walletListingSchema>;

/** Response of GET /getWallets: one page of wallets and how many match in all. */
export const getWalletsResponseSchema = z.object({
  data: z.array(walletListingSchema),
  count: z.number().int().nonnegative(),
});

export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>;

/** Query of GET /getWallets besides projectId, st and sv. */
export interface GetWalletsQuery {
  readonly page: number;
  readonly entries: number;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  /** CAIP-2 network ids. */
  readonly chains?: readonly string[];
  readonly search?: string;
  readonly badgeType?: string;
}
