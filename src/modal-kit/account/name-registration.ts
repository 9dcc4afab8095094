import { HttpStatusError, KitError } from "../errors/kit-error.ts";
import { evmChainIdToCoinType, isSignedMessage } from "../validation/formats.ts";
import type { BlockchainApiClient } from "./blockchain-api-client.ts";

/**
 * The message an account signs to register a name (spec section 9: it includes a timestamp in seconds):
 * JSON of the full name, its attributes and the Unix time in seconds.
 */
export function nameRegistrationMessage(fullName: string, nowMs: number): string {
  return JSON.stringify({ name: fullName, attributes: {}, timestamp: Math.floor(nowMs / 1000) });
}

/**
 * 'Error registering name {name}' (spec section 8), or the server's first reason when it gave one. A refused
 * signature counts as a failure too: the view stays on RegisterAccountName with this error.
 */
export class RegisterNameError extends KitError {
  override name = "RegisterNameError";
  constructor(name: string, cause: unknown) {
    const reason = cause instanceof HttpStatusError ? cause.reason : undefined;
    super(
      reason ?? `Error registering name ${name}`,
      reason ? "modalKit.errors.serverReason" : "modalKit.errors.registerName",
      { cause, values: reason ? { reason } : { name } },
    );
  }
}

/** 'Error fetching name suggestions' (spec section 8). */
export class NameSuggestionsError extends KitError {
  override name = "NameSuggestionsError";
  constructor(cause: unknown) {
    super("Error fetching name suggestions", "modalKit.errors.nameSuggestions", { cause });
  }
}

/** 'Error fetching names for address' (spec section 8): the reverse lookup of the account's names failed. */
export class NamesForAddressError extends KitError {
  override name = "NamesForAddressError";
  constructor(cause: unknown) {
    super("Error fetching names for address", "modalKit.errors.namesForAddress", { cause });
  }
}

export interface NameRegistration {
  readonly api: BlockchainApiClient;
  /** Asks the wallet to sign a message (personal_sign); resolves with the signature. */
  readonly sign: (message: string) => Promise<string>;
  readonly address: string;
  readonly chainId: number;
  /** The full name ("alice.<zone>"). */
  readonly fullName: string;
  readonly now?: () => number;
}

/**
 * Spec section 4: sign the registration message, then register it. A refused signature, one that is not a
 * signed message (spec section 5: 0x and at least 62 hex digits) or a refused registration fails with
 * RegisterNameError; the caller then sets the profile name.
 */
export async function registerAccountName(registration: NameRegistration): Promise<void> {
  const { api, sign, address, chainId, fullName, now = Date.now } = registration;
  try {
    const message = nameRegistrationMessage(fullName, now());
    const signature = await sign(message);
    if (!isSignedMessage(signature))
      throw new Error(`The wallet answered ${signature.slice(0, 16)}… instead of a signature`);
    await api.registerName({ coinType: evmChainIdToCoinType(chainId), address, message, signature });
  } catch (cause) {
    throw new RegisterNameError(fullName, cause);
  }
}
