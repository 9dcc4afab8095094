import { and, eq, isNotNull, sql } from "drizzle-orm";
import { withdrawalPrincipal } from "../rewards/withdrawal-principal.ts";
import type { Storage } from "../storage/database.ts";
import { beaconCursors, validators, validatorWithdrawals } from "../storage/schema.ts";
import { BeaconApiError, type BeaconBlockWithdrawals, type BeaconHead, type BeaconReads } from "./beacon-reads.ts";

const ZERO_ROOT = `0x${"00".repeat(32)}`;

/**
 * Records the withdrawals paid to the environment's validators in the blocks after the last pass up to `head`,
 * each with its principal part (see withdrawalPrincipal), and moves the cursor to `head`; one transaction.
 * It walks from the head block back along parent roots, so it reads only blocks that exist. The first pass
 * (and the first on a new chain, whose head is below the cursor) starts at the head: the rewards recorded
 * before it had no withdrawals to count. Withdrawals are keyed by the chain's withdrawal index, so a block
 * read twice changes nothing. Returns how many were recorded.
 */
export async function indexBeaconWithdrawals(
  storage: Storage,
  beacon: BeaconReads,
  options: { readonly network: string; readonly environment: string; readonly head: BeaconHead },
): Promise<number> {
  const scope = { network: options.network, environment: options.environment };
  const [cursor] = await storage.db
    .select({ slot: beaconCursors.slot })
    .from(beaconCursors)
    .where(and(eq(beaconCursors.network, scope.network), eq(beaconCursors.environment, scope.environment)));
  const blocks = cursor && cursor.slot <= options.head.slot ? await blocksAfter(beacon, options.head, cursor.slot) : [];
  const perEpoch = blocks.length > 0 ? await beacon.slotsPerEpoch() : 1n;
  let recorded = 0;
  await storage.db.transaction(async (tx) => {
    const known = await tx
      .select()
      .from(validators)
      .where(
        and(
          eq(validators.network, scope.network),
          eq(validators.environment, scope.environment),
          isNotNull(validators.validatorIndex),
        ),
      );
    const byIndex = new Map(known.map((row) => [row.validatorIndex as number, row]));
    const principalLeft = new Map<number, bigint>();
    for (const block of blocks.reverse()) {
      for (const withdrawal of block.withdrawals) {
        const validator = byIndex.get(withdrawal.validatorIndex);
        if (!validator) continue;
        let left = principalLeft.get(validator.id);
        if (left === undefined) {
          const [taken] = await tx
            .select({ principal: sql<string>`coalesce(sum(${validatorWithdrawals.principalGwei}), 0)::text` })
            .from(validatorWithdrawals)
            .where(eq(validatorWithdrawals.validatorId, validator.id));
          left = validator.creditedGwei - BigInt(taken?.principal ?? "0");
        }
        const full = validator.withdrawableEpoch !== null && block.slot / perEpoch >= validator.withdrawableEpoch;
        const principal = withdrawalPrincipal({
          amountGwei: withdrawal.amountGwei,
          full,
          principalGwei: left,
          compounding: validator.withdrawalCredentials.startsWith("02"),
          effectiveBalanceGwei: validator.effectiveBalanceGwei ?? 0n,
        });
        const inserted = await tx
          .insert(validatorWithdrawals)
          .values({
            ...scope,
            withdrawalIndex: withdrawal.index,
            validatorId: validator.id,
            slot: block.slot,
            amountGwei: withdrawal.amountGwei,
            principalGwei: principal,
            full,
          })
          .onConflictDoNothing()
          .returning({ index: validatorWithdrawals.withdrawalIndex });
        if (inserted.length > 0) {
          principalLeft.set(validator.id, left - principal);
          recorded++;
        }
      }
    }
    await tx
      .insert(beaconCursors)
      .values({ ...scope, slot: options.head.slot, root: options.head.root })
      .onConflictDoUpdate({
        target: [beaconCursors.network, beaconCursors.environment],
        set: { slot: options.head.slot, root: options.head.root, updatedAt: new Date() },
      });
  });
  return recorded;
}

/** The blocks after slot `after` up to the head, newest first, read along parent roots. */
async function blocksAfter(beacon: BeaconReads, head: BeaconHead, after: bigint): Promise<BeaconBlockWithdrawals[]> {
  const blocks: BeaconBlockWithdrawals[] = [];
  if (head.slot <= after) return blocks;
  // The head header may name a slot without a block yet (a node that has not seen it): go on from its parent.
  let next: string | undefined = head.root;
  let fallback: string | undefined = head.parentRoot;
  while (next && next !== ZERO_ROOT) {
    const block = await beacon.blockWithdrawals(next);
    if (!block) {
      if (!fallback) throw new BeaconApiError(`the Beacon API has no block ${next}, a parent of its head`);
      next = fallback;
      fallback = undefined;
      continue;
    }
    fallback = undefined;
    if (block.slot <= after) break;
    blocks.push(block);
    next = block.parentRoot;
  }
  return blocks;
}
