import { z } from "zod";

/** An amount in base units sent as a decimal string ("-12" for a penalty), read as a bigint. */
export const weiSchema = z
  .string()
  .regex(/^-?\d+$/)
  .transform((value) => BigInt(value));

/** A calendar day as the backend writes it, yyyy-mm-dd. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
