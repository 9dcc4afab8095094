import * as z from "zod/mini";
import { siweSessionResponse } from "./siwe-session.ts";

/** POST /siwe/verify: checks a signed EIP-4361 message and opens a session, answered with its bearer token. */
export const siweVerifyPath = "/siwe/verify";

/** A signature's size: an account's 65 bytes up to a contract wallet's EIP-1271 or ERC-6492 signature. */
export const SIGNATURE_BYTES = { min: 65, max: 8192 } as const;

export const siweVerifyBody = z.strictObject({
  message: z
    .string()
    .check(z.minLength(1), z.maxLength(4096))
    .register(z.globalRegistry, { description: "The EIP-4361 message." }),
  signature: z
    .string()
    .check(z.maxLength(2 + 2 * SIGNATURE_BYTES.max, `expected at most ${SIGNATURE_BYTES.max} bytes`))
    .register(z.globalRegistry, {
      description: `personal_sign signature: 0x and ${SIGNATURE_BYTES.min} to ${SIGNATURE_BYTES.max} bytes in hexadecimal (an account's 65 bytes, or a contract wallet's EIP-1271 or ERC-6492 signature).`,
    }),
});

export const siweVerifyResponse = z.extend(siweSessionResponse, {
  token: z.string().register(z.globalRegistry, { description: "Bearer token." }),
});
