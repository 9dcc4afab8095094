import type { SignatureCheck } from "../../lib/deposit/signing.ts";

/** Page → worker: the signatures of one verification. */
export interface BlsVerifyRequest {
  readonly id: number;
  readonly checks: readonly SignatureCheck[];
}

/** Worker → page: one verdict per check, in order, or why none could be given. */
export type BlsVerifyResponse =
  | { readonly id: number; readonly valid: readonly boolean[] }
  | { readonly id: number; readonly error: string };
