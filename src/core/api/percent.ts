import * as z from "zod/mini";

/**
 * A percentage with decimals as a string ("3.42"). In a module of its own: the network stats, read on the home
 * page, need only this of the contract's value shapes.
 */
export const percentSchema = z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/, "expected a percentage like 3.42"));
