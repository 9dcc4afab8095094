/**
 * Browser entry of the Devnet Wallet, added to the page only in devnet builds (see vite-plugin-devnet-wallet.ts).
 * Creates the provider over the devnet chains from config, announces it through EIP-6963, and exposes it as
 * `window.devnetWallet` so tests can switch accounts or make it reject (4001).
 */
import { app, chainsByKind } from "../../src/generated/index.ts";
import { runtimeRpcUrl } from "../../src/lib/runtime-config.ts";
import { announceDevnetWallet, DEVNET_WALLET_ICON, devnetWalletRdns } from "./announce-devnet-wallet.ts";
import { DevnetWalletProvider } from "./devnet-wallet-provider.ts";

declare global {
  interface Window {
    devnetWallet?: DevnetWalletProvider;
  }
}

// Like an extension, it remembers the site's authorization, account and chain across reloads.
const provider = new DevnetWalletProvider(
  // The chains this page's stack runs (its runtime config, a second `npm start` on other ports), else config's.
  chainsByKind.devnet.map((chain) => ({
    chainId: chain.id,
    rpcUrl: runtimeRpcUrl(chain.id, chain.rpcUrls.default.http[0]),
  })),
  window.localStorage,
);
window.devnetWallet = provider;
announceDevnetWallet(
  window,
  {
    uuid: crypto.randomUUID(),
    name: "Devnet Wallet",
    icon: DEVNET_WALLET_ICON,
    rdns: devnetWalletRdns(app.links.website),
  },
  provider,
);
