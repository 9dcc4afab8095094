/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The devnet chain's JSON-RPC URL (default http://127.0.0.1:8545, as `npm run devnet` serves it). */
  readonly VITE_DEVNET_RPC_URL?: string;
}
