import { isUserRejection } from "../errors/provider-errors.ts";
import { type Analytics, withoutSecrets } from "./analytics.ts";

/**
 * Tracks one connection attempt: CONNECT_STARTED now, then CONNECT_SUCCESS (with the connected address) or
 * CONNECT_ERROR (with the reason, and whether the user declined) through the returned mutation callbacks.
 */
export function trackConnectAttempt(analytics: Analytics, wallet: string) {
  analytics.track("CONNECT_STARTED", { wallet });
  return {
    onSuccess: ({ accounts }: { readonly accounts: readonly string[] }) =>
      analytics.track("CONNECT_SUCCESS", { wallet }, accounts[0]),
    onError: (error: unknown) =>
      analytics.track("CONNECT_ERROR", {
        wallet,
        userRejected: isUserRejection(error),
        message: withoutSecrets(error instanceof Error ? error.message : String(error)),
      }),
  };
}
