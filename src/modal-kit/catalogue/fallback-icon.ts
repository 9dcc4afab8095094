import { walletInitialSvg } from "../../core/wallet-catalogue/wallet-initial-svg.ts";

/**
 * A generated wallet icon for when the real one does not load: the wallet's initial on a colour derived from
 * its name (the same name always gets the same colour), as an SVG data URL.
 */
export function fallbackWalletIcon(name: string): string {
  return `data:image/svg+xml,${encodeURIComponent(walletInitialSvg(name))}`;
}
