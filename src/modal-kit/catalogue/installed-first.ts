import type { WalletListing } from "./wallet-listing.ts";

/**
 * Puts wallets installed in this browser (announced over EIP-6963, matched by rdns, or known by catalogue id)
 * first, keeping the catalogue order within each group.
 */
export function installedFirst(
  wallets: readonly WalletListing[],
  installed: { readonly rdns: ReadonlySet<string>; readonly ids?: ReadonlySet<string> },
): WalletListing[] {
  const isInstalled = (wallet: WalletListing) =>
    (wallet.rdns ? installed.rdns.has(wallet.rdns) : false) || (installed.ids?.has(wallet.id) ?? false);
  return [...wallets.filter(isInstalled), ...wallets.filter((wallet) => !isInstalled(wallet))];
}
