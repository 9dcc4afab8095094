import { and, eq, notInArray } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { opsAlerts } from "../storage/schema.ts";

export type AlertKind = (typeof opsAlerts.$inferInsert)["kind"];

export interface Alert {
  readonly kind: AlertKind;
  readonly network: string;
  readonly environment: string;
  /** What the alert is about within its kind (a pubkey, a block); "" for one per environment. */
  readonly subject: string;
  readonly message: string;
  readonly details: Record<string, unknown>;
}

export type AlertLog = (details: object, message: string) => void;

const keyOf = (alert: Pick<Alert, "kind" | "network" | "environment" | "subject">) =>
  `${alert.kind} ${alert.network}/${alert.environment}${alert.subject ? ` ${alert.subject}` : ""}`;

/**
 * Makes `current` the alerts of this kind and environment: new ones are stored and logged once as a structured
 * warning; ones no longer in `current` are deleted (the condition ended).
 */
export async function setAlerts(
  storage: Storage,
  scope: { kind: AlertKind; network: string; environment: string },
  current: readonly Omit<Alert, "kind" | "network" | "environment">[],
  warn: AlertLog,
): Promise<void> {
  const alerts = current.map((alert) => ({ ...alert, ...scope }));
  const keys = alerts.map(keyOf);
  const ofScope = and(
    eq(opsAlerts.kind, scope.kind),
    eq(opsAlerts.network, scope.network),
    eq(opsAlerts.environment, scope.environment),
  );
  await storage.db.delete(opsAlerts).where(keys.length > 0 ? and(ofScope, notInArray(opsAlerts.key, keys)) : ofScope);
  for (const alert of alerts) {
    const inserted = await storage.db
      .insert(opsAlerts)
      .values({
        key: keyOf(alert),
        kind: alert.kind,
        network: alert.network,
        environment: alert.environment,
        message: alert.message,
        details: alert.details,
      })
      .onConflictDoNothing()
      .returning({ key: opsAlerts.key });
    if (inserted.length > 0) {
      warn(
        { alert: alert.kind, network: alert.network, environment: alert.environment, ...alert.details },
        alert.message,
      );
    }
  }
}
