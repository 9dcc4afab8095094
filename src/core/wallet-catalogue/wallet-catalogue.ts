import type { WalletListing } from "./wallet-listing.ts";
import catalogueFile from "./wallets.json" with { type: "json" };

/**
 * The wallet catalogue shipped with the repository (wallets.json), which the staking server serves in the shape
 * of the wallet list API so the kit works self-hosted and offline.
 */
export const walletCatalogue: readonly WalletListing[] = catalogueFile.data;
