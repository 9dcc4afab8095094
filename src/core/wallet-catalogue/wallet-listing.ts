/** One wallet of the catalogue (modal-kit spec section 3, "Wallet listing"), as GET /getWallets returns it. */
export interface WalletListing {
  readonly id: string;
  readonly name: string;
  readonly image_id?: string | null | undefined;
  readonly image_url?: string | null | undefined;
  readonly mobile_link?: string | null | undefined;
  readonly desktop_link?: string | null | undefined;
  readonly webapp_link?: string | null | undefined;
  readonly rdns?: string | null | undefined;
  /** Chain namespaces (or CAIP-2 ids) the wallet supports. */
  readonly chains?: readonly string[] | null | undefined;
  readonly badge_type?: string | null | undefined;
}

/** Response of GET /getWallets: one page of wallets and how many match in all. */
export interface WalletPage {
  readonly data: WalletListing[];
  readonly count: number;
}

/** A GET /getWallets query once read (projectId, st and sv identify the caller and do not filter). */
export interface CatalogueQuery {
  /** 1-based page number. */
  readonly page: number;
  /** Page size, 1 to MAX_CATALOGUE_ENTRIES. */
  readonly entries: number;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  /** CAIP-2 network ids; a wallet matches when it supports one of their namespaces. */
  readonly chains?: readonly string[];
  readonly search?: string;
  readonly badgeType?: string;
}

/** The wallet list API answers at most 100 entries per page (the kit asks 40, or 100 for a search). */
export const MAX_CATALOGUE_ENTRIES = 100;
/** Page size when the query names none. */
export const DEFAULT_CATALOGUE_ENTRIES = 40;
