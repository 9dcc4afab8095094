import { safeWalletImageUrl } from "../../core/wallet-catalogue/wallet-link-policy.ts";
import type { CatalogueClient } from "./catalogue-client.ts";
import { fallbackWalletIcon } from "./fallback-icon.ts";
import type { WalletListing } from "./wallet-listing.ts";

/** Spec section 9: images are prefetched for the first 20 wallets of a page, each given 2 s. */
export const PREFETCH_PER_PAGE = 20;
export const IMAGE_TIMEOUT_MS = 2_000;

/**
 * Loads one wallet image as an object URL; a listing's own image_url is used as is when it is https (any other
 * is ignored). Anything that fails or takes longer than the timeout gives the generated fallback icon instead.
 */
export async function loadWalletImage(
  client: CatalogueClient,
  wallet: WalletListing,
  timeoutMs: number = IMAGE_TIMEOUT_MS,
): Promise<string> {
  const own = safeWalletImageUrl(wallet.image_url);
  if (own) return own;
  if (!wallet.image_id) return fallbackWalletIcon(wallet.name);
  try {
    const blob = await client.getWalletImage(wallet.image_id, AbortSignal.timeout(timeoutMs));
    if (!blob.type.startsWith("image/")) return fallbackWalletIcon(wallet.name);
    return URL.createObjectURL(blob);
  } catch {
    return fallbackWalletIcon(wallet.name);
  }
}

/** Prefetches the images of the first 20 wallets of a page; resolves to wallet id → image URL. */
export async function prefetchWalletImages(
  client: CatalogueClient,
  page: readonly WalletListing[],
  timeoutMs: number = IMAGE_TIMEOUT_MS,
): Promise<Map<string, string>> {
  const first = page.slice(0, PREFETCH_PER_PAGE);
  const urls = await Promise.all(first.map((wallet) => loadWalletImage(client, wallet, timeoutMs)));
  return new Map(first.map((wallet, index) => [wallet.id, urls[index] ?? fallbackWalletIcon(wallet.name)]));
}
