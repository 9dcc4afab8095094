import type { WalletListing } from "./wallet-listing.ts";

/**
 * The only schemes, besides https:, that a wallet catalogue link may use: the catalogue's wallets' own app
 * schemes (their deep links open the installed app) and WalletConnect's wc:. Anything else (javascript:, data:,
 * http:, file:, an unknown app scheme) is never rendered as a link nor opened. Adding a wallet whose deep link
 * uses a new scheme means adding the scheme here, where a reviewer sees it.
 */
export const APPROVED_WALLET_LINK_SCHEMES: readonly string[] = [
  "metamask:",
  "trust:",
  "cbwallet:",
  "rainbow:",
  "okex:",
  "zerion:",
  "phantom:",
  "ledgerlive:",
  "uniswap:",
  "wc:",
];

/** The listing fields that are links a user can open (homepage, app store or deep links). */
export const WALLET_LINK_FIELDS = ["mobile_link", "desktop_link", "webapp_link"] as const;

function parse(value: string | null | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The link as the browser would read it when it is https (without credentials) or an approved app scheme;
 * undefined otherwise. The URL parser strips the tabs, newlines and case tricks ("Java\tScript:") a browser
 * also strips, so what is checked is what would be opened.
 */
export function safeWalletLink(value: string | null | undefined): string | undefined {
  const url = parse(value);
  if (!url) return undefined;
  if (url.protocol === "https:") return url.username || url.password ? undefined : url.href;
  return APPROVED_WALLET_LINK_SCHEMES.includes(url.protocol) ? url.href : undefined;
}

/** An image address is shown only over https (without credentials). */
export function safeWalletImageUrl(value: string | null | undefined): string | undefined {
  const url = parse(value);
  return url?.protocol === "https:" && !url.username && !url.password ? url.href : undefined;
}

/** The fields of a listing whose value is set but not allowed ("webapp_link", "image_url"). */
export function unsafeWalletLinkFields(listing: WalletListing): string[] {
  const links = WALLET_LINK_FIELDS.filter((field) => listing[field] && !safeWalletLink(listing[field]));
  return listing.image_url && !safeWalletImageUrl(listing.image_url) ? [...links, "image_url"] : links;
}

/** The listing with every link or image address that is not allowed set to null. */
export function withSafeWalletLinks(listing: WalletListing): WalletListing {
  const unsafe = unsafeWalletLinkFields(listing);
  return unsafe.length === 0 ? listing : { ...listing, ...Object.fromEntries(unsafe.map((field) => [field, null])) };
}
