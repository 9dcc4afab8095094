import type { SignatureCheck } from "../../core/deposit/signing.ts";
import type { ShareKeysCheck, ShareKeysProblem } from "../../core/ssv/check-share-public-keys.ts";

/** Page → worker: the signatures of one verification, or the SSV share public keys of one keyshares upload. */
export type BlsVerifyRequest =
  | { readonly id: number; readonly checks: readonly SignatureCheck[] }
  | { readonly id: number; readonly shareKeys: readonly ShareKeysCheck[] };

/** Worker → page: one verdict per check, in order, or why none could be given. */
export type BlsVerifyResponse =
  | { readonly id: number; readonly valid: readonly boolean[] }
  | { readonly id: number; readonly shareKeyProblems: readonly (readonly ShareKeysProblem[])[] }
  | { readonly id: number; readonly error: string };

/** A request as the page writes it; the id is added when it is sent. */
export type BlsWorkerJob =
  | { readonly checks: readonly SignatureCheck[] }
  | { readonly shareKeys: readonly ShareKeysCheck[] };
