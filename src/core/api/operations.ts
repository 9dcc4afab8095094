import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { pageParameter, txHashSchema, weiCodec } from "./wire.ts";

/** GET /operations: an owner's stakes, claims and unstake requests, newest first, with their transactions. */
export const operationsPath = "/operations";

/** What an operation was; kinds a client does not know yet are shown by their name. */
export const OPERATION_KINDS = ["stake", "claim", "withdrawal_request", "exit", "consolidation"] as const;

export const operationsQuery = z.object({
  ...ownerScopeQuery.shape,
  page: pageParameter(100_000, 1, "From 1."),
  pageSize: pageParameter(100, 20, "1 to 100, default 20."),
});

export type OperationsQuery = z.input<typeof operationsQuery>;

export const operationSchema = z.object({
  kind: z
    .string()
    .describe(
      "stake, claim, withdrawal_request (a partial withdrawal), exit (a full exit: amountWei is the validator's balance when requested, null if not known), consolidation; later kinds may be added.",
    ),
  txHash: txHashSchema,
  blockNumber: z.string().regex(/^\d+$/),
  status: z.string(),
  amountWei: z.nullable(weiCodec),
  occurredAt: z.iso.datetime({ offset: true }),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const operationsResponse = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  operations: z.array(operationSchema),
});

export type Operations = z.output<typeof operationsResponse>;
export type Operation = z.output<typeof operationSchema>;
