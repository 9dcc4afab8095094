import { queryOptions, skipToken } from "@tanstack/react-query";
import { operationsPath, operationsResponse } from "../../core/api/operations.ts";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { keepPreviousPageOfOwner, ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/** One page of an owner's operations (GET /operations) for useQuery; the page shown stays while the next loads. */
export function operationsQueryOptions(scope: OwnerScope | undefined, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "operations", page, pageSize] as const,
    queryFn: scope
      ? ({ signal }) => readApi(operationsPath, operationsResponse, { ...scope, page, pageSize }, signal)
      : skipToken,
    placeholderData: keepPreviousPageOfOwner(scope),
  });
}
