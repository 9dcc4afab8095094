import { getAddress, keccak256, stringToBytes } from "viem";

/**
 * The message the wallet's own key signs (EIP-191 personal_sign) before the server replaces its share of the
 * key: after the first share, only the holder of the key can store another one (a re-split, or a move to a new
 * wallet). It names the secure origin, the wallet, the address the new share belongs to, a commitment to the
 * new share (keccak-256 of its text) and a nonce the server issued for this one replacement. Built the same way
 * by the frame (which signs it) and the server (which checks that it recovers to the wallet's address).
 */
export const SHARE_PROOF_TITLE = "Store a new server share for this embedded wallet.";

export interface ShareProofFields {
  /** The secure origin (SECURE_ORIGIN, the frame's location.origin). */
  readonly origin: string;
  /** The wallet whose key signs: the address the server holds now. */
  readonly wallet: string;
  /** The address the new share belongs to (the same wallet after a re-split, another after a move). */
  readonly address: string;
  readonly serverShare: string;
  /** 64 hexadecimal digits from POST /embedded-wallet/wallet/nonce. */
  readonly nonce: string;
}

/** keccak-256 of the share's text: what the signature commits to (the share itself is never signed in clear). */
export const shareCommitment = (serverShare: string) => keccak256(stringToBytes(serverShare));

export function shareProofMessage(fields: ShareProofFields): string {
  return [
    SHARE_PROOF_TITLE,
    "",
    `Origin: ${fields.origin}`,
    `Wallet: ${getAddress(fields.wallet.toLowerCase())}`,
    `New share for: ${getAddress(fields.address.toLowerCase())}`,
    `Share commitment: ${shareCommitment(fields.serverShare)}`,
    `Nonce: ${fields.nonce}`,
  ].join("\n");
}

/** True for a message of this form: the frame never signs one for an app (personal_sign is refused). */
export const isShareProofMessage = (text: string) => text.trimStart().startsWith(SHARE_PROOF_TITLE);
