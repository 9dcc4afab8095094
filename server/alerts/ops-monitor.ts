import { and, eq, gte, isNotNull, like } from "drizzle-orm";
import { z } from "zod";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { validatorClientImports, validators } from "../storage/schema.ts";
import { frontRunAlerts } from "./front-run-alerts.ts";
import { type AlertLog, setAlerts } from "./ops-alerts.ts";

/** Failed attempts after which an import that keeps failing is an alert (the handoff keeps retrying). */
export const IMPORT_ALERT_ATTEMPTS = 3;

const headResponse = z.object({ data: z.object({ header: z.object({ message: z.object({ slot: z.string() }) }) }) });
const specResponse = z.object({ data: z.object({ SLOTS_PER_EPOCH: z.string() }) });
const validatorsResponse = z.object({
  data: z.array(z.object({ index: z.string(), validator: z.object({ activation_epoch: z.string() }) })),
});
const livenessResponse = z.object({ data: z.array(z.object({ index: z.string(), is_live: z.boolean() })) });

export interface OpsMonitorOptions {
  readonly storage: Storage;
  /** ALERT_MISSED_DUTIES: consecutive epochs without duties that make an alert. */
  readonly missedEpochs: number;
  readonly warn: AlertLog;
  readonly timeoutMs?: number;
}

/**
 * Watches each environment's provider validators for operators, run by the indexer after its pass (one
 * instance): an imported, active validator that missed its duties in the last N epochs checked (Beacon API liveness
 * of the previous epoch, asked once an epoch) and an
 * import still failing after IMPORT_ALERT_ATTEMPTS attempts and a front-run deposit for a provider key are
 * alerts; each clears when its condition ends.
 */
export class OpsMonitor {
  /** The last epoch asked about, by environment. */
  private readonly checkedEpoch = new Map<string, bigint>();
  /** Checked epochs in a row each validator missed, by "environment index" (restarts at 0 on a new instance). */
  private readonly streaks = new Map<string, number>();

  constructor(private readonly options: OpsMonitorOptions) {}

  async run(entry: ServedEnvironment): Promise<void> {
    const scope = { network: entry.network, environment: entry.environment.id };
    await this.failedImports(scope);
    await frontRunAlerts(this.options.storage, scope, this.options.warn);
    if (entry.beaconApiUrl) await this.missedDuties(scope, entry.beaconApiUrl);
  }

  private async failedImports(scope: { network: string; environment: string }) {
    const rows = await this.options.storage.db
      .select()
      .from(validatorClientImports)
      .where(
        and(
          eq(validatorClientImports.network, scope.network),
          eq(validatorClientImports.environment, scope.environment),
          eq(validatorClientImports.state, "pending"),
          gte(validatorClientImports.attempts, IMPORT_ALERT_ATTEMPTS),
        ),
      );
    await setAlerts(
      this.options.storage,
      { kind: "import-failed", ...scope },
      rows.map((row) => ({
        subject: `0x${row.pubkey} ${row.client}`,
        message: `validator key 0x${row.pubkey} is still not imported into a validator client after ${row.attempts} attempts`,
        details: { pubkey: `0x${row.pubkey}`, attempts: row.attempts, lastError: row.lastError },
      })),
      this.options.warn,
    );
  }

  private async missedDuties(scope: { network: string; environment: string }, beaconApiUrl: string) {
    const watched = await this.options.storage.db
      .selectDistinct({ pubkey: validators.pubkey, index: validators.validatorIndex })
      .from(validators)
      .innerJoin(
        validatorClientImports,
        and(
          eq(validatorClientImports.network, validators.network),
          eq(validatorClientImports.environment, validators.environment),
          eq(validatorClientImports.pubkey, validators.pubkey),
          eq(validatorClientImports.state, "imported"),
        ),
      )
      .where(
        and(
          eq(validators.network, scope.network),
          eq(validators.environment, scope.environment),
          like(validators.status, "active%"),
          isNotNull(validators.validatorIndex),
        ),
      );
    const missing: { pubkey: string; index: number }[] = [];
    if (watched.length > 0) {
      const slotsPerEpoch = BigInt(
        specResponse.parse(await this.get(beaconApiUrl, "/eth/v1/config/spec")).data.SLOTS_PER_EPOCH,
      );
      const headSlot = BigInt(
        headResponse.parse(await this.get(beaconApiUrl, "/eth/v1/beacon/headers/head")).data.header.message.slot,
      );
      const lastDone = headSlot / slotsPerEpoch - 1n; // the head epoch is still under way
      const ids = watched.map((row) => String(row.index));
      const states = validatorsResponse.parse(
        await this.get(beaconApiUrl, `/eth/v1/beacon/states/head/validators?id=${ids.join(",")}`),
      ).data;
      const activation = new Map(states.map((row) => [row.index, BigInt(row.validator.activation_epoch)]));
      // Beacon nodes answer liveness for the previous epoch (older ones are optional): each pass asks about the
      // last finished epoch once and keeps, per validator, how many checked epochs in a row it missed.
      if (lastDone >= 0n && lastDone !== this.checkedEpoch.get(`${scope.network}/${scope.environment}`)) {
        this.checkedEpoch.set(`${scope.network}/${scope.environment}`, lastDone);
        const live = livenessResponse.parse(
          await this.post(beaconApiUrl, `/eth/v1/validator/liveness/${lastDone}`, ids),
        ).data;
        for (const row of live) {
          const key = `${scope.network}/${scope.environment} ${row.index}`;
          const due = (activation.get(row.index) ?? lastDone + 1n) <= lastDone;
          this.streaks.set(key, !row.is_live && due ? (this.streaks.get(key) ?? 0) + 1 : 0);
        }
      }
      for (const row of watched) {
        const streak = this.streaks.get(`${scope.network}/${scope.environment} ${row.index}`) ?? 0;
        if (streak >= this.options.missedEpochs) missing.push({ pubkey: row.pubkey, index: row.index as number });
      }
    }
    await setAlerts(
      this.options.storage,
      { kind: "missed-duties", ...scope },
      missing.map((row) => ({
        subject: `0x${row.pubkey}`,
        message: `validator ${row.index} missed its duties in each of the last ${this.options.missedEpochs} epochs: is its validator client running?`,
        details: { pubkey: `0x${row.pubkey}`, index: row.index, epochs: this.options.missedEpochs },
      })),
      this.options.warn,
    );
  }

  private get(base: string, path: string): Promise<unknown> {
    return this.request(base, path);
  }

  private post(base: string, path: string, body: unknown): Promise<unknown> {
    return this.request(base, path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** One retry when the connection fails (a kept-alive socket the node closed just then). */
  private async request(base: string, path: string, init: RequestInit = {}, retried = false): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      if (retried) throw new Error(`the Beacon API did not answer ${path}: ${(error as Error).message}`);
      return this.request(base, path, init, true);
    }
    if (!response.ok) throw new Error(`the Beacon API answered ${response.status} to ${path}`);
    return response.json();
  }
}
