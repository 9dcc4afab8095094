import { QueryClient } from "@tanstack/react-query";
import { ApiResponseError, AppError } from "../core/app-error.ts";

/** At most this many attempts more when a read fails for a reason that may pass (unreachable, 5xx, an RPC hiccup). */
const RETRIES = 2;

/**
 * Whether a failed read is worth asking again by itself: never for the request's own fault (4xx) or an answer
 * of the wrong shape (the same answer would come back); the user's retry button asks again in any case.
 */
export function shouldRetryRead(failures: number, error: unknown): boolean {
  if (failures >= RETRIES) return false;
  if (error instanceof ApiResponseError) return error.status >= 500 || error.status === 429;
  return !(error instanceof AppError && error.shortMessage === "errors.unexpectedResponse");
}

/**
 * The app's reads: figures stay fresh for 30 seconds (moving between screens does not read them again; a
 * transaction invalidates what it changed), no refetch on window focus, retries only for passing troubles.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetryRead },
  },
});
