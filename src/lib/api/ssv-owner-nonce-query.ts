import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { ssvOwnerNoncePath, ssvOwnerNonceResponse } from "../../core/api/ssv-owner-nonce.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

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
