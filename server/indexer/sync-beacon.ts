import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Storage } from "../storage/database.ts";
import { validators } from "../storage/schema.ts";

/** One entry of the Beacon API's GET /eth/v1/beacon/states/{state_id}/validators. */
const validatorsResponse = z.object({
  data: z.array(
    z.object({
      index: z.string().regex(/^\d+$/),
      balance: z.string().regex(/^\d+$/),
      status: z.string().min(1),
      validator: z.object({ pubkey: z.string().regex(/^0x[0-9a-fA-F]{96}$/) }),
    }),
  ),
});

const PUBKEYS_PER_REQUEST = 64;

/**
 * Reads every known validator of the environment from a Beacon API node (standard endpoint, head state) and
 * stores its index, status and balance. Validators the node does not know yet keep their deposit state.
 * Returns how many were updated.
 */
export async function syncBeaconValidators(
  storage: Storage,
  options: { network: string; environment: string; beaconApiUrl: string; timeoutMs?: number },
): Promise<number> {
  const known = await storage.db
    .select({ id: validators.id, pubkey: validators.pubkey })
    .from(validators)
    .where(
      and(
        eq(validators.network, options.network),
        eq(validators.environment, options.environment),
        ne(validators.status, "withdrawal_done"),
      ),
    );
  let updated = 0;
  for (let start = 0; start < known.length; start += PUBKEYS_PER_REQUEST) {
    const batch = known.slice(start, start + PUBKEYS_PER_REQUEST);
    const ids = batch.map((row) => `0x${row.pubkey}`).join(",");
    const timeoutMs = options.timeoutMs ?? 10_000;
    const response = await fetch(`${options.beaconApiUrl}/eth/v1/beacon/states/head/validators?id=${ids}`, {
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((error: unknown) => {
      if (error instanceof Error && error.name === "TimeoutError") {
        throw new Error(`the Beacon API node did not answer the validators' state within ${timeoutMs} ms`);
      }
      throw error;
    });
    if (!response.ok) throw new Error(`Beacon API answered ${response.status} for validators`);
    const parsed = validatorsResponse.parse(await response.json());
    for (const entry of parsed.data) {
      const row = batch.find((candidate) => candidate.pubkey === entry.validator.pubkey.slice(2).toLowerCase());
      if (!row) continue;
      await storage.db
        .update(validators)
        .set({
          validatorIndex: Number(entry.index),
          status: entry.status,
          balanceGwei: BigInt(entry.balance),
          updatedAt: new Date(),
        })
        .where(eq(validators.id, row.id));
      updated++;
    }
  }
  return updated;
}
