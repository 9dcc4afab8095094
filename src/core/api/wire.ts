import * as z from "zod/mini";

/**
 * Value shapes the business API's contract is made of. zod/mini, so a screen that loads with the home page
 * (network stats) pays only for the checks it uses; the full zod API composes with these schemas.
 */

/** An amount in base units sent as a decimal string ("-12" for a penalty), read as a bigint. */
export const weiCodec = z
  .codec(
    z.string().check(z.regex(/^-?\d+$/, "expected a whole number of base units as a decimal string")),
    z.bigint(),
    { decode: (value) => BigInt(value), encode: (value) => value.toString() },
    // The OpenAPI document describes answers by their output side, a bigint JSON Schema cannot express: say the wire form.
  )
  .register(z.globalRegistry, { type: "string", pattern: "^-?\\d+$", description: "Base units as a decimal string." });

/** A calendar day, yyyy-mm-dd. */
export const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "expected a day as yyyy-mm-dd"));

/** An address, 0x and 40 hexadecimal digits (any case). */
export const addressSchema = z
  .templateLiteral(["0x", z.string()])
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, "expected an address, 0x and 40 hexadecimal digits"));

/** Bytes as 0x-prefixed hexadecimal. */
export const hexSchema = z
  .templateLiteral(["0x", z.string()])
  .check(z.regex(/^0x[0-9a-fA-F]*$/, "expected 0x and hexadecimal digits"));

/** A transaction hash, 0x and 64 hexadecimal digits. */
export const txHashSchema = z
  .templateLiteral(["0x", z.string()])
  .check(z.regex(/^0x[0-9a-fA-F]{64}$/, "expected 0x and 64 hexadecimal digits"));

/** A page number in a query string: a whole number from 1 to `max`, `fallback` when absent. */
export function pageParameter(max: number, fallback: number, description: string) {
  const message = `expected a whole number from 1 to ${max}`;
  return z
    .prefault(
      z.pipe(
        z.string().check(z.regex(/^\d+$/, message)),
        z.pipe(z.transform(Number), z.number().check(z.minimum(1, message), z.maximum(max, message))),
      ),
      String(fallback),
    )
    .register(z.globalRegistry, { description });
}
