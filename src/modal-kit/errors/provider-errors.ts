import { KitError, type KitErrorKey } from "./kit-error.ts";

/** EIP-1193 and JSON-RPC error codes a wallet returns (spec section 8, "RPC codes"). */
export const PROVIDER_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  limitExceeded: -32005,
  internal: -32603,
} as const;

export type ProviderErrorKind = keyof typeof PROVIDER_ERROR_CODES | "unknown";

/** A wallet (EIP-1193 provider) error, typed by its code. */
export class ProviderError extends KitError {
  override name = "ProviderError";
  readonly kind: ProviderErrorKind;
  readonly code: number | undefined;

  constructor(kind: ProviderErrorKind, code: number | undefined, message: string, cause: unknown) {
    super(message, `modalKit.errors.provider.${kind}` satisfies KitErrorKey, { cause });
    this.kind = kind;
    this.code = code;
  }
}

const KIND_BY_CODE = new Map<number, ProviderErrorKind>(
  Object.entries(PROVIDER_ERROR_CODES).map(([kind, code]) => [code, kind as ProviderErrorKind]),
);

/** The first numeric `code` along an error's cause chain (wagmi and viem wrap the provider's error). */
export function findProviderErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth += 1) {
    const record = current as { code?: unknown; cause?: unknown };
    if (typeof record.code === "number" && KIND_BY_CODE.has(record.code)) return record.code;
    current = record.cause;
  }
  return undefined;
}

/** Maps anything a wallet threw to a typed ProviderError, keeping the original as cause. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const code = findProviderErrorCode(error);
  const kind = code === undefined ? "unknown" : (KIND_BY_CODE.get(code) ?? "unknown");
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(kind, code, message, error);
}

/** True when the user declined in the wallet (4001). */
export function isUserRejection(error: unknown): boolean {
  return findProviderErrorCode(error) === PROVIDER_ERROR_CODES.userRejected;
}
