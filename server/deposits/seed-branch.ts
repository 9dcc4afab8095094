import { hkdfSync } from "node:crypto";
import type { Environment, Network } from "../../src/generated/index.ts";

/**
 * Where one network environment's validator keys come from. Each environment has its own seed,
 * HKDF-SHA256(root seed, no salt, info, 32 bytes), and its own key indexes, so no environment can spend
 * another's keys. The root is DEPOSIT_SEED for mainnet and testnet environments and the public devnet seed
 * for devnet environments: the provider's seed never signs a devnet deposit.
 */
export interface SeedBranch {
  readonly root: "provider" | "devnet";
  /** The HKDF info string, e.g. "stake-deposit-keys:v1:ethereum:mainnet"; also the branch's name in storage. */
  readonly info: string;
}

export function seedBranch(network: Pick<Network, "slug">, environment: Pick<Environment, "id" | "kind">): SeedBranch {
  return {
    root: environment.kind === "devnet" ? "devnet" : "provider",
    info: `stake-deposit-keys:v1:${network.slug}:${environment.id}`,
  };
}

/** The 32-byte seed of a branch, from its root seed; EIP-2333's master key is derived from it. */
export function branchSeed(rootSeed: Uint8Array, info: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", rootSeed, new Uint8Array(0), info, 32));
}
