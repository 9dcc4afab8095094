import * as z from "zod/mini";
import { addressSchema } from "./wire.ts";

/** Whose figures, where: the query of every per-owner read. */
export const ownerScopeQuery = z.object({
  owner: addressSchema.register(z.globalRegistry, { description: "The staker's address." }),
  network: z.string().register(z.globalRegistry, { description: 'Network slug, e.g. "ethereum".' }),
  environment: z
    .string()
    .register(z.globalRegistry, { description: 'Environment id, e.g. "mainnet", "hoodi", "devnet".' }),
});

/** The owner's address, the network slug and the environment id of a per-owner read. */
export type OwnerScope = z.output<typeof ownerScopeQuery>;
