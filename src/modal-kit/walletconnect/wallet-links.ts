/**
 * A link that opens a wallet with a pairing URI: native schemes ("metamask://") get `wc?uri=`, universal links
 * ("https://...") get `/wc?uri=`, as wallets registered in the catalogue expect.
 */
export function walletPairingLink(link: string, uri: string): string {
  const encoded = encodeURIComponent(uri);
  if (/^https?:\/\//.test(link)) return `${link.replace(/\/+$/, "")}/wc?uri=${encoded}`;
  const scheme = link.includes("://") ? link : `${link.replace(/:+$/, "")}://`;
  return `${scheme.endsWith("/") ? scheme : `${scheme}/`}wc?uri=${encoded}`;
}
