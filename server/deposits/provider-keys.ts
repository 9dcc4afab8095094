import { deriveKeyFromEntropy, deriveKeyFromMaster, eth2ValidatorPaths } from "@chainsafe/bls-keygen";
import { create, defaultPbkdfModule, type IKeystore } from "@chainsafe/bls-keystore";
import { blsPublicKey } from "../../src/lib/deposit/index.ts";

/**
 * The provider's operator keys: one EIP-2333 master key from the seed, and per validator the EIP-2334
 * signing key at m/12381/3600/{index}/0/0. Keys leave this module only as EIP-2335 keystores.
 */
export class ProviderKeys {
  private readonly master: Uint8Array;

  constructor(
    seed: Uint8Array,
    /** Encrypts keystores at rest. A random, high-entropy value, so a moderate KDF cost is enough. */
    private readonly keystoreKey: string,
  ) {
    if (seed.length < 32) throw new RangeError("the deposit seed must be at least 32 bytes");
    this.master = deriveKeyFromEntropy(seed);
  }

  signingKey(index: number): { secretKey: Uint8Array; pubkey: Uint8Array; path: string } {
    const path = eth2ValidatorPaths(index).signing;
    const secretKey = deriveKeyFromMaster(this.master, path);
    return { secretKey, pubkey: blsPublicKey(secretKey), path };
  }

  async keystore(secretKey: Uint8Array, pubkey: Uint8Array, path: string): Promise<IKeystore> {
    const kdf = defaultPbkdfModule();
    return create(this.keystoreKey, secretKey, pubkey, path, "operator key", {
      ...kdf,
      params: { ...kdf.params, c: 16_384 },
    });
  }
}
