import { setAlerts } from "../alerts/ops-alerts.ts";
import type { Storage } from "../storage/database.ts";
import type { DistributorPass, DistributorTarget } from "./rewards-distributor.ts";

/** Passes in a row whose receipt or nonce reads failed before the batch's unreadable state is an alert. */
export const UNREADABLE_ALERT_PASSES = 3;

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/**
 * What a distributor pass tells operators: batches sent or written are logged; an operator that cannot pay a
 * batch's gas is an alert until a batch goes through; blocks whose fee-recipient balance change disagrees with
 * their value are alerts until a later attributed block agrees; a batch whose receipt cannot be read in
 * UNREADABLE_ALERT_PASSES passes in a row is an alert until a read succeeds (the batch stays pending meanwhile).
 */
export function distributorAlerts(storage: Storage, log: Log) {
  const warn = (details: object, message: string) => log.warn(details, message);
  const unreadablePasses = new Map<string, number>();
  return async (target: DistributorTarget, pass: DistributorPass): Promise<void> => {
    const where = { network: target.network, environment: target.environment };
    const { outcome } = pass;
    const streak =
      outcome.kind === "pending" && outcome.unreadable
        ? (unreadablePasses.get(`${target.network}/${target.environment}`) ?? 0) + 1
        : 0;
    unreadablePasses.set(`${target.network}/${target.environment}`, streak);
    await setAlerts(
      storage,
      { kind: "distributor-receipt-unreadable", ...where },
      outcome.kind === "pending" && outcome.unreadable && streak >= UNREADABLE_ALERT_PASSES
        ? [
            {
              subject: outcome.hash,
              message: `the distributor could not read the outcome of allocation batch ${outcome.hash} in ${UNREADABLE_ALERT_PASSES} passes in a row (${outcome.unreadable}); the batch stays pending and nothing is allocated again until a read succeeds`,
              details: { tx: outcome.hash, error: outcome.unreadable },
            },
          ]
        : [],
      warn,
    );
    if (outcome.kind === "confirmed")
      log.info({ ...where, tx: outcome.hash, owners: outcome.owners.length }, "execution-layer rewards allocated");
    else if (outcome.kind === "written")
      log.info({ ...where, file: outcome.file }, "Safe batch of execution-layer rewards written");
    else if (outcome.kind === "failed")
      log.warn({ ...where, reason: outcome.reason }, "allocation batch failed; its amounts are owed again");
    if (outcome.kind === "cannot-pay") {
      await setAlerts(
        storage,
        { kind: "distributor-cannot-pay", ...where },
        [
          {
            subject: "",
            message: `the distributor cannot pay: operator ${outcome.operator} holds ${outcome.balance} wei, the batch's gas needs up to ${outcome.need} wei`,
            details: { operator: outcome.operator, balanceWei: String(outcome.balance), needWei: String(outcome.need) },
          },
        ],
        warn,
      );
    } else if (outcome.kind !== "pending" && outcome.kind !== "failed") {
      await setAlerts(storage, { kind: "distributor-cannot-pay", ...where }, [], warn);
    }
    if (pass.mismatches.length > 0 || pass.attributed > 0) {
      await setAlerts(
        storage,
        { kind: "fee-recipient-mismatch", ...where },
        pass.mismatches.map((mismatch) => ({
          subject: String(mismatch.number),
          message: `the fee recipient's balance changed by ${mismatch.mismatch} wei more than block ${mismatch.number}'s priority fees and transfers explain`,
          details: { block: String(mismatch.number), hash: mismatch.hash, mismatchWei: String(mismatch.mismatch) },
        })),
        warn,
      );
    }
  };
}
