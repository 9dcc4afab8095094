import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { validatorsPath, validatorsResponse } from "../../core/api/validators.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/** An owner's validators on one network environment (GET /validators), as the indexer last saw them. */
export function validatorsQueryOptions(scope: OwnerScope | undefined) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "validators"] as const,
    queryFn: scope
      ? async ({ signal }) => (await readApi(validatorsPath, validatorsResponse, { ...scope }, signal)).validators
      : skipToken,
  });
}
