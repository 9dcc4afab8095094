/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "mainnet", "testnet" or "devnet" (default): which backend of networks/app.json the build talks to. */
  readonly VITE_APP_ENVIRONMENT?: string;
  /** "1" in the browser tests' build only: exposes the router as window.__appRouter. */
  readonly VITE_EXPOSE_ROUTER?: string;
  /** "1" in the browser tests' build only: exposes verifyDeposits (ethereum-beacon) as window.__verifyDeposits. */
  readonly VITE_EXPOSE_DEPOSIT_VERIFIER?: string;
  /** "1" in the browser tests' build only: exposes the e-mail wallet's EIP-1193 provider as window.__embeddedWallet. */
  readonly VITE_EXPOSE_EMBEDDED_WALLET?: string;
}

/** A locale file's top-level sections as named exports (Vite's JSON modules), a second module of the same file. */
declare module "*.json?first-page" {
  const sections: { readonly [section: string]: Record<string, unknown> };
  export = sections;
}
