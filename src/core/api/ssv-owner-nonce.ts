import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { addressSchema } from "./wire.ts";

/** GET /ssv/owner-nonce: the nonce an owner's next SSV validator registration must be signed with. */
export const ssvOwnerNoncePath = "/ssv/owner-nonce";

export const ssvOwnerNonceQuery = ownerScopeQuery;

export const ssvOwnerNonceResponse = z.object({
  owner: addressSchema,
  nonce: z.number().int().nonnegative().describe("Validators the owner has registered so far (each takes one)."),
});
