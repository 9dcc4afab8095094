import { safeWalletLink } from "../../core/wallet-catalogue/wallet-link-policy.ts";

/**
 * A link that opens a wallet with a pairing URI: native schemes ("metamask://") get `wc?uri=`, universal links
 * ("https://...") get `/wc?uri=`, as wallets registered in the catalogue expect. Undefined when the catalogue's
 * link is neither https nor an approved wallet app scheme (src/core/wallet-catalogue/wallet-link-policy.ts).
 */
export function walletPairingLink(link: string | null | undefined, uri: string): string | undefined {
  const safe = safeWalletLink(link);
  if (!safe) return undefined;
  const encoded = encodeURIComponent(uri);
  if (safe.startsWith("https://")) return `${safe.replace(/\/+$/, "")}/wc?uri=${encoded}`;
  const scheme = safe.includes("://") ? safe : `${safe.replace(/:+$/, "")}://`;
  return `${scheme.endsWith("/") ? scheme : `${scheme}/`}wc?uri=${encoded}`;
}
