import { and, eq, ne, sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { validators } from "../storage/schema.ts";
import { BeaconReads } from "./beacon-reads.ts";
import { indexBeaconWithdrawals } from "./beacon-withdrawals.ts";

/**
 * Reads every known validator of the environment from a Beacon API node (standard endpoints) at one state, the
 * head block's, and stores its index, status, withdrawal credentials (0x02 once switched to compounding), balance, effective balance, withdrawable epoch and the deposits
 * credited to it (those seen on the execution chain minus those the state still holds as pending); then the
 * withdrawals paid in the blocks up to that same head (indexBeaconWithdrawals). Balance, deposits and
 * withdrawals thus describe one moment, which the day's reward is measured at. Validators the node does not
 * know yet keep their deposit state. Returns how many were updated and that moment's epoch (the head's slot over
 * the node's SLOTS_PER_EPOCH: rewards accrue per epoch, so a measured APR counts them), null when there is no
 * validator to read.
 */
export async function syncBeaconValidators(
  storage: Storage,
  options: { network: string; environment: string; beaconApiUrl: string; timeoutMs?: number },
): Promise<{ updated: number; epoch: bigint | null }> {
  const scope = { network: options.network, environment: options.environment };
  const known = await storage.db
    .select({ id: validators.id, pubkey: validators.pubkey })
    .from(validators)
    .where(
      and(
        eq(validators.network, scope.network),
        eq(validators.environment, scope.environment),
        ne(validators.status, "withdrawal_done"),
      ),
    );
  if (known.length === 0) return { updated: 0, epoch: null };
  const beacon = new BeaconReads(options.beaconApiUrl, options.timeoutMs);
  const head = await beacon.head();
  const stateId = String(head.slot);
  const found = await beacon.validators(
    stateId,
    known.map((row) => row.pubkey),
  );
  const pending = await beacon.pendingDeposits(stateId);
  const deposited = await storage.rows<{ pubkey: string; amount_gwei: string }>(sql`
    select pubkey, sum(amount_gwei)::text as amount_gwei from validator_deposits
    where network = ${scope.network} and environment = ${scope.environment} group by pubkey`);
  const depositedOf = new Map(deposited.map((row) => [row.pubkey, BigInt(row.amount_gwei)]));
  let updated = 0;
  for (const entry of found) {
    const row = known.find((candidate) => candidate.pubkey === entry.pubkey);
    if (!row) continue;
    const credited = (depositedOf.get(entry.pubkey) ?? 0n) - (pending.get(entry.pubkey) ?? 0n);
    await storage.db
      .update(validators)
      .set({
        validatorIndex: entry.index,
        status: entry.status,
        // The consensus layer's credentials, not the deposit's: an upgrade to compounding turns 0x01 into 0x02.
        withdrawalCredentials: entry.withdrawalCredentials,
        balanceGwei: entry.balanceGwei,
        effectiveBalanceGwei: entry.effectiveBalanceGwei,
        withdrawableEpoch: entry.withdrawableEpoch,
        creditedGwei: credited > 0n ? credited : 0n,
        updatedAt: new Date(),
      })
      .where(eq(validators.id, row.id));
    updated++;
  }
  await indexBeaconWithdrawals(storage, beacon, { ...scope, head });
  return { updated, epoch: head.slot / (await beacon.slotsPerEpoch()) };
}
