import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { addressSchema, hexSchema, txHashSchema, weiCodec } from "./wire.ts";

/** GET /validators: an owner's validators on one network environment, as the indexer last saw them. */
export const validatorsPath = "/validators";

export const validatorsQuery = ownerScopeQuery;

/** One validator as GET /validators lists it. */
export const listedValidatorSchema = z.object({
  index: z.number().int().nullable().describe("The beacon chain index, null until the deposit is processed."),
  pubkey: hexSchema,
  depositAddress: addressSchema,
  withdrawalAddress: z.nullable(addressSchema),
  withdrawalCredentials: hexSchema,
  status: z.string().describe("Beacon API validator status, or deposited / pending before it has one."),
  balanceWei: weiCodec,
  depositTxHash: z.nullable(txHashSchema),
});

export const validatorsResponse = z.object({ validators: z.array(listedValidatorSchema) });

export type ListedValidator = z.output<typeof listedValidatorSchema>;
