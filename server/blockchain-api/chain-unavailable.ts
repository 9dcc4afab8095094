import { ApiError } from "../http/api-error.ts";

/** 503 with a retry hint: the chain's upstream nodes could not be reached or answered an error. */
export function chainUnavailable(chainId: string): ApiError {
  return new ApiError(
    503,
    "chain_unavailable",
    `${chainId} cannot be reached right now; try again shortly`,
    undefined,
    5,
  );
}
