import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  beaconCursors,
  depositedKeys,
  distributorAllocations,
  distributorBlocks,
  distributorCursors,
  distributorOwed,
  executionRewards,
  frontRunDeposits,
  indexerCursors,
  operations,
  opsAlerts,
  ownerDailyRewards,
  pendingDeposits,
  ssvClusterSnapshots,
  ssvOperatorFees,
  ssvOperators,
  ssvValidators,
  validatorClientAssignments,
  validatorClientImports,
  validatorDailyRewards,
  validatorDeposits,
  validators,
  validatorWithdrawals,
} from "../storage/schema.ts";
import type { Transaction } from "./indexer-lease.ts";

type Scoped = PgTable & { network: PgColumn; environment: PgColumn };

/**
 * Every table whose rows of an environment come from its chain (or from the devnet processes started with it):
 * what the indexer read (validators, their deposits and withdrawals and the Beacon API cursor, each key's first
 * deposit and the front-run deposits seen, operations, rewards, pending deposits, SSV state, cursors), what the
 * rewards distributor attributed and owes (its batches name transactions of that chain), the validator clients'
 * assignments and import records (a devnet's validator client starts with its chain) and the operator alerts
 * about them. A new table filled from the chain belongs here.
 */
const CHAIN_TABLES: readonly Scoped[] = [
  operations,
  validatorDeposits,
  beaconCursors,
  depositedKeys,
  frontRunDeposits,
  executionRewards,
  pendingDeposits,
  ownerDailyRewards,
  ssvOperators,
  ssvOperatorFees,
  ssvClusterSnapshots,
  ssvValidators,
  distributorCursors,
  distributorBlocks,
  distributorOwed,
  distributorAllocations,
  validatorClientImports,
  validatorClientAssignments,
  opsAlerts,
  indexerCursors,
];

/**
 * Deletes everything indexed from an environment's chain, inside the caller's (fenced) transaction, so the
 * environment is indexed again from block 0. Deposit requests and the provider's keys stay: they are not the
 * chain's, and a key is never given out twice.
 */
export async function forgetIndexedChain(
  tx: Transaction,
  scope: { readonly network: string; readonly environment: string },
): Promise<void> {
  const own = (table: Scoped) => and(eq(table.network, scope.network), eq(table.environment, scope.environment));
  const ids = tx.select({ id: validators.id }).from(validators).where(own(validators));
  await tx.delete(validatorDailyRewards).where(inArray(validatorDailyRewards.validatorId, ids));
  await tx.delete(validatorWithdrawals).where(own(validatorWithdrawals));
  await tx.delete(validators).where(own(validators));
  for (const table of CHAIN_TABLES) await tx.delete(table).where(own(table));
}
