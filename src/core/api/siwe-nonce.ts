import * as z from "zod/mini";

/** GET /siwe/nonce: a single-use sign-in nonce. */
export const siweNoncePath = "/siwe/nonce";

export const siweNonceResponse = z.object({
  nonce: z
    .string()
    .register(z.globalRegistry, { description: "Put it in the EIP-4361 message; good for one sign-in." }),
  expiresAt: z.iso.datetime(),
});
