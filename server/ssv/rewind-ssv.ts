import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../storage/database.ts";
import { ssvClusterSnapshots, ssvOperatorFees, ssvOperators, ssvValidators } from "../storage/schema.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Takes back what SSV logs of blocks after `to` said: registrations, fees, cluster states and removals. */
export async function rewindSsv(
  tx: Transaction,
  scope: { readonly network: string; readonly environment: string },
  to: bigint,
): Promise<void> {
  for (const table of [ssvOperators, ssvOperatorFees, ssvClusterSnapshots, ssvValidators]) {
    await tx
      .delete(table)
      .where(
        and(eq(table.network, scope.network), eq(table.environment, scope.environment), gt(table.blockNumber, to)),
      );
  }
  for (const table of [ssvOperators, ssvValidators]) {
    await tx
      .update(table)
      .set({ removedBlock: null })
      .where(
        and(eq(table.network, scope.network), eq(table.environment, scope.environment), gt(table.removedBlock, to)),
      );
  }
}
