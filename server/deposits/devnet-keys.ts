import type { ScryptCost } from "./encrypt-keystore.ts";

/**
 * Public, well-known key material for devnet environments only, so `npm start` works with nothing configured.
 * Devnet keys always come from this seed (even when DEPOSIT_SEED is set); mainnet and testnet environments
 * need DEPOSIT_SEED and KEYSTORE_KEY.
 */
export const DEVNET_DEPOSIT_SEED = new TextEncoder().encode("stake-devnet-deposit-seed-public-not-secret-0001");
export const DEVNET_KEYSTORE_KEY = "stake-devnet-keystore-key-public-not-secret";

/** Devnet keystores use a lower scrypt cost (n = 2^14): their seed and password are public anyway. */
export const DEVNET_KEYSTORE_SCRYPT: ScryptCost = { n: 16_384, r: 8, p: 1 };
