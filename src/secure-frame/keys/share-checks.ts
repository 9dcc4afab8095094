import { type Hex, hexToString } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { isShareProofMessage } from "../../core/embedded-wallet/share-proof.ts";
import { FrameRequestError } from "../frame-request-error.ts";
import { text } from "../ui/texts.ts";
import { combineShares, ShareFormatError } from "./shamir.ts";

/** The key two shares rebuild, when it is the key of `address`; undefined for malformed shares or another key. */
export function keyFor(address: string, first: string, second: string): `0x${string}` | undefined {
  try {
    const key = combineShares(first, second);
    return privateKeyToAccount(key).address.toLowerCase() === address.toLowerCase() ? key : undefined;
  } catch (error) {
    if (error instanceof ShareFormatError) return undefined;
    throw error;
  }
}

/**
 * Refuses a split whose shares do not rebuild the wallet of `address` (device + server, and recovery + server):
 * checked before any share is stored here, sent to the server or shown, so a wrong share never replaces a good one.
 */
export function checkSplit(address: string, shares: { device: string; server: string; recovery: string }): void {
  if (!keyFor(address, shares.device, shares.server) || !keyFor(address, shares.recovery, shares.server))
    throw new FrameRequestError(text("sharesMismatch", { address }));
}

/**
 * Refuses to sign, for an app, a message in the form that authorizes a new server share (personal_sign of a
 * text starting "Store a new server share for this embedded wallet."): only the frame itself signs those.
 */
export function refuseShareProofMessage(message: Hex): void {
  let decoded: string;
  try {
    decoded = hexToString(message);
  } catch {
    return;
  }
  if (isShareProofMessage(decoded)) throw new FrameRequestError(text("reservedMessage"));
}
