import type { Hex } from "viem";

/** A signed-in session for one address on one network. */
export interface SignInSession {
  readonly address: string;
  readonly chainId: number;
}

/**
 * Sign-in with Ethereum (EIP-4361), provided by the host: the nonce and the verification come from its
 * server (the staking server verifies and stores the session).
 */
export interface SignInOptions {
  /** A session is required: the modal opens the sign-message view and cannot be closed without one. */
  readonly required: boolean;
  /** Optional statement shown in the wallet's signature request. */
  readonly statement?: string;
  getNonce(): Promise<string>;
  /** Verifies the message and signature, stores the session, and returns it. Rejects when invalid. */
  verify(signed: { readonly message: string; readonly signature: Hex }): Promise<SignInSession>;
  /** The session the server already holds (a reload), if any. */
  getSession?(): Promise<SignInSession | undefined>;
  /** Ends the session on the host's server; the kit calls it when the wallet disconnects. */
  signOut?(): Promise<void>;
}
