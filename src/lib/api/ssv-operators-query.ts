import { keepPreviousData, queryOptions, skipToken } from "@tanstack/react-query";
import { type SsvOperatorSort, ssvOperatorsPath, ssvOperatorsResponse } from "../../core/api/ssv-operators.ts";
import type { SsvScope } from "../../core/api/ssv-scope.ts";
import { readApi } from "./read-api.ts";

/** What the operator list shows: a search, an order and a page (the server's defaults where left out). */
export interface SsvOperatorsView {
  readonly search?: string;
  readonly sort?: SsvOperatorSort;
  readonly order?: "asc" | "desc";
  readonly page?: number;
  readonly pageSize?: number;
}

/** One page of an environment's SSV operators (GET /ssv/operators); the page shown stays while the next loads. */
export function ssvOperatorsQueryOptions(scope: SsvScope | undefined, view: SsvOperatorsView = {}) {
  const { search, sort, order, page, pageSize } = view;
  return queryOptions({
    queryKey: [
      "ssv",
      scope?.network ?? null,
      scope?.environment ?? null,
      "operators",
      { search: search || null, sort: sort ?? null, order: order ?? null, page: page ?? 1, pageSize: pageSize ?? null },
    ] as const,
    queryFn: scope
      ? ({ signal }) =>
          readApi(
            ssvOperatorsPath,
            ssvOperatorsResponse,
            { ...scope, search: search || undefined, sort, order, page, pageSize },
            signal,
          )
      : skipToken,
    placeholderData: keepPreviousData,
  });
}
