import type { Plugin } from "vite";

/**
 * Adds the Devnet Wallet to the page when `enabled` (devnet builds: `npm start`, or DEVNET_WALLET=1).
 * Other builds never reference its code, so it cannot ship to production by accident.
 */
export function devnetWallet(enabled: boolean): Plugin {
  return {
    name: "devnet-wallet",
    transformIndexHtml: {
      // "pre" so a production build bundles the injected module like any other entry script.
      order: "pre",
      handler() {
        if (!enabled) return [];
        return [
          {
            tag: "script",
            attrs: { type: "module", src: "/devnet/wallet/inject-devnet-wallet.ts" },
            injectTo: "head",
          },
        ];
      },
    },
  };
}
