import * as z from "zod/mini";
import { addressSchema } from "./wire.ts";

/**
 * GET /siwe/session: the sign-in session of an Authorization: Bearer token; POST /siwe/signout ends it.
 * zod/mini: sign-in loads with the app shell.
 */
export const siweSessionPath = "/siwe/session";
export const siweSignOutPath = "/siwe/signout";

/** The request headers of both: the bearer token POST /siwe/verify answered. */
export const siweAuthorizationHeaders = z.object({
  authorization: z.optional(
    z.string().register(z.globalRegistry, { description: "Bearer <token>, the token POST /siwe/verify answered." }),
  ),
});

export const siweSessionResponse = z.object({
  address: addressSchema.register(z.globalRegistry, { description: "The signed-in address (checksummed)." }),
  chainId: z.int().register(z.globalRegistry, { description: "The chain the message was signed for." }),
  expiresAt: z.iso.datetime(),
});

export type SiweSession = z.output<typeof siweSessionResponse>;
