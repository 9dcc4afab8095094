import type { DepositDataEntry } from "../../src/core/deposit/index.ts";
import type { Keystore } from "./encrypt-keystore.ts";
import type { SeedBranch } from "./seed-branch.ts";

/** Derive the keys at firstIndex, firstIndex + 1, ... of a branch and sign one deposit per amount. */
export interface SignJob {
  readonly kind: "sign";
  readonly branch: SeedBranch;
  readonly firstIndex: number;
  readonly amountsGwei: readonly bigint[];
  readonly withdrawalCredentials: Uint8Array;
  readonly forkVersion: Uint8Array;
  /** deposit_data's network_name: the environment's id. */
  readonly networkName: string;
}

/** One signed deposit; the secret key never leaves the worker. */
export interface SignedKey {
  readonly keyIndex: number;
  readonly depositData: DepositDataEntry;
}

/** Derive one key of a branch again and encrypt it as an EIP-2335 keystore. */
export interface KeystoreJob {
  readonly kind: "keystore";
  readonly branch: SeedBranch;
  readonly keyIndex: number;
}

export type KeyJob = SignJob | KeystoreJob;

/** What a key thread is started with: the root seeds and the keystore passwords. */
export interface KeyWorkerSecrets {
  /** DEPOSIT_SEED, when configured. */
  readonly provider?: { readonly seed: Uint8Array; readonly keystorePassword: string };
  readonly devnet: { readonly seed: Uint8Array; readonly keystorePassword: string };
}

/** Messages between the pool and a key thread. */
export type KeyWorkerRequest = { readonly id: number; readonly job: KeyJob };
export type KeyWorkerReply =
  | { readonly id: number; readonly result: SignedKey[] | Keystore }
  | { readonly id: number; readonly error: string };
