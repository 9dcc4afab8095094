/** EIP-6963 provider info. */
export interface ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

/** A wallet mark: a green square with "DEV", as an SVG data URI (EIP-6963 wants a data URI). */
export const DEVNET_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#0f766e"/><text x="48" y="58" font-family="sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#fff">DEV</text></svg>',
)}`;

/** rdns from the app's website: https://meridian.example gives "example.meridian.devnet-wallet". */
export function devnetWalletRdns(website: string): string {
  return [...new URL(website).hostname.split(".").reverse(), "devnet-wallet"].join(".");
}

/**
 * Announces `provider` the EIP-6963 way: an `eip6963:announceProvider` event now and again for every
 * `eip6963:requestProvider`. Returns a function that stops answering requests.
 */
export function announceDevnetWallet(target: EventTarget, info: ProviderInfo, provider: unknown): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () => target.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  announce();
  target.addEventListener("eip6963:requestProvider", announce);
  return () => target.removeEventListener("eip6963:requestProvider", announce);
}
