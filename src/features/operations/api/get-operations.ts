import { z } from "zod";
import { parseApiResponse } from "../../../components/api/parse-api-response.ts";
import { useApiQuery } from "../../../components/api/use-api-query.ts";
import { getJson } from "../../../lib/api-client.ts";
import { apiUrl } from "../../../lib/app-environment.ts";

/** Operations per page on the operation screen. */
export const OPERATIONS_PAGE_SIZE = 20;

/** What an operation was; kinds this app does not know yet are shown by their name. */
export const OPERATION_KINDS = ["stake", "claim", "withdrawal_request", "consolidation"] as const;

/** GET /operations: an owner's stakes, claims and unstake requests, newest first, with their transactions. */
export const operationsSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  operations: z.array(
    z.object({
      kind: z.string(),
      txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      blockNumber: z.string().regex(/^\d+$/),
      status: z.string(),
      amountWei: z
        .string()
        .regex(/^-?\d+$/)
        .transform((value) => BigInt(value))
        .nullable(),
      occurredAt: z.iso.datetime({ offset: true }),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type Operations = z.infer<typeof operationsSchema>;
export type Operation = Operations["operations"][number];

interface OperationsQuery {
  readonly owner: string;
  readonly network: string;
  readonly environment: string;
  readonly page: number;
}

/** Reads a page of an owner's operations. Throws ApiUnreachableError, ApiResponseError or UnexpectedApiResponseError. */
export async function getOperations(query: OperationsQuery, signal?: AbortSignal): Promise<Operations> {
  const url = apiUrl("/operations");
  return parseApiResponse(
    operationsSchema,
    await getJson(url, { ...query, pageSize: OPERATIONS_PAGE_SIZE }, signal),
    `GET ${url}`,
  );
}

/** The operations page of `query`; idle without one (no owner chosen yet). */
export function useOperations(query: OperationsQuery | undefined) {
  return useApiQuery(
    query && JSON.stringify(query),
    (signal) => getOperations(query as OperationsQuery, signal),
    query && `${query.network}:${query.environment}:${query.owner}`,
  );
}
