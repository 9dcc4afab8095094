import { queryOptions, skipToken } from "@tanstack/react-query";
import { ownerQueryKey } from "./owner-query-key.ts";
import type { OwnerScope } from "./owner-scope.ts";
import { readApi } from "./read-api.ts";
import { ssvOwnerNoncePath, ssvOwnerNonceResponse } from "./ssv-owner-nonce.ts";

/** The nonce an owner's next SSV validator registration is signed with (GET /ssv/owner-nonce); always read fresh. */
export function ssvOwnerNonceQueryOptions(scope: OwnerScope | undefined) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "ssv", "owner-nonce"] as const,
    queryFn: scope
      ? async ({ signal }) => (await readApi(ssvOwnerNoncePath, ssvOwnerNonceResponse, { ...scope }, signal)).nonce
      : skipToken,
    staleTime: 0,
  });
}
