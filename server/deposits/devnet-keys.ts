/**
 * Public, well-known key material for the local devnet only, so `npm start` works with nothing configured.
 * Never used for mainnet or testnet environments: those need DEPOSIT_SEED and KEYSTORE_KEY.
 */
export const DEVNET_DEPOSIT_SEED = new TextEncoder().encode("stake-devnet-deposit-seed-public-not-secret-0001");
export const DEVNET_KEYSTORE_KEY = "stake-devnet-keystore-key-public-not-secret";
