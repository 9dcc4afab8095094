import { z } from "zod";
import { ssvScopeQuery } from "./ssv-scope.ts";
import { addressSchema, pageParameter, weiCodec } from "./wire.ts";

/** GET /ssv/operators: the SSV network's operators, searched, sorted and paged, for choosing a cluster. */
export const ssvOperatorsPath = "/ssv/operators";

export const SSV_OPERATOR_SORTS = ["fee", "validators", "performance"] as const;

export type SsvOperatorSort = (typeof SSV_OPERATOR_SORTS)[number];

export const ssvOperatorsQuery = z.object({
  ...ssvScopeQuery.shape,
  search: z
    .string()
    .max(200, "expected at most 200 characters")
    .optional()
    .describe("An operator id, or the start of its owner address or public key."),
  sort: z
    .enum(SSV_OPERATOR_SORTS, 'expected "fee", "validators" or "performance"')
    .default("validators")
    .describe('"fee", "validators" (default) or "performance"; operators without a figure come last.'),
  order: z.enum(["asc", "desc"], 'expected "asc" or "desc"').default("desc").describe('"asc" or "desc" (default).'),
  page: pageParameter(100_000, 1, "From 1."),
  pageSize: pageParameter(100, 20, "1 to 100, default 20."),
});

export const ssvOperatorSchema = z
  .object({
    id: z.number().int().positive(),
    owner: addressSchema,
    publicKey: z.string().describe("The operator's key as SSV tools show it (base64 PEM text)."),
    /** SSV wei per block, per validator. */
    fee: weiCodec,
    /** SSV wei per year (365 days of the environment's ssv.blocksPerDay: 2,613,400 blocks on Ethereum), per validator. */
    feePerYear: weiCodec,
    validatorCount: z.number().int().nonnegative().describe("Validators it runs in active clusters."),
    performance: z.number().nullable().describe("Percent of duties done; null until measured."),
    verified: z.boolean().describe("Vetted by this provider."),
    removed: z.boolean(),
  })
  .describe(
    "fee: SSV wei per block per validator; feePerYear: the same over a year of the environment's blocks (365 × its ssv.blocksPerDay: 2,613,400 on Ethereum).",
  );

export const ssvOperatorsResponse = z.object({
  operators: z.array(ssvOperatorSchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});

export type SsvOperator = z.output<typeof ssvOperatorSchema>;
