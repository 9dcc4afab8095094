import { and, asc, eq } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { frontRunDeposits } from "../storage/schema.ts";
import { type AlertLog, setAlerts } from "./ops-alerts.ts";

/**
 * One alert per front-run deposit the indexer recorded (a deposit for a provider key with withdrawal credentials
 * the server did not issue, before the validator was attributed); it lasts as long as the record (a
 * reorganisation that removes the deposit clears it).
 */
export async function frontRunAlerts(
  storage: Storage,
  scope: { readonly network: string; readonly environment: string },
  warn: AlertLog,
): Promise<void> {
  const rows = await storage.db
    .select()
    .from(frontRunDeposits)
    .where(and(eq(frontRunDeposits.network, scope.network), eq(frontRunDeposits.environment, scope.environment)))
    .orderBy(asc(frontRunDeposits.blockNumber), asc(frontRunDeposits.logIndex));
  await setAlerts(
    storage,
    { kind: "front-run-deposit", ...scope },
    rows.map((row) => ({
      subject: `0x${row.pubkey} ${row.txHash}`,
      message: row.signatureValid
        ? `validator key 0x${row.pubkey} was deposited first with withdrawal credentials 0x${row.withdrawalCredentials} that this server did not issue (transaction ${row.txHash}): the consensus layer gives the validator to them, so the key has leaked; it is not handed to any validator client and no deposit for it is attributed`
        : `a deposit for validator key 0x${row.pubkey} carried withdrawal credentials 0x${row.withdrawalCredentials} that this server did not issue and an invalid signature (transaction ${row.txHash}): the consensus layer ignores it; the staker's own deposit still counts`,
      details: {
        pubkey: `0x${row.pubkey}`,
        tx: row.txHash,
        withdrawalCredentials: `0x${row.withdrawalCredentials}`,
        amountGwei: String(row.amountGwei),
        signatureValid: row.signatureValid,
      },
    })),
    warn,
  );
}
