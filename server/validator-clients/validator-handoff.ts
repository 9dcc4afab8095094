import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { depositRequests, validatorClientImports, validatorKeys, validators } from "../storage/schema.ts";
import { emptyInterchange, KeymanagerClient } from "./keymanager-client.ts";
import { removeExitedKeys } from "./remove-exited-keys.ts";

/** One network environment whose deposited provider keys go to its validator clients. */
export interface HandoffTarget {
  readonly network: string;
  readonly environment: string;
  /** Keymanager API base URLs (KEYMANAGER_URLS_<NETWORK>_<ENVIRONMENT>) and their bearer token. */
  readonly urls: readonly string[];
  readonly token: string;
  /** For the slashing-protection interchange's genesis_validators_root. */
  readonly beaconApiUrl: string;
  /** The environment's RewardsClaim, every key's fee recipient. */
  readonly feeRecipient: string;
  /** The password the keystore writer encrypted this environment's keystores with. */
  readonly keystorePassword: string;
}

export interface HandoffOptions {
  readonly storage: Storage;
  readonly targets: readonly HandoffTarget[];
  /** First retry after this, doubling each failure up to maxBackoffMs. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly requestTimeoutMs?: number;
  /** A failed attempt; client is the URL's position in KEYMANAGER_URLS_* (the URL itself may be secret). */
  readonly onError?: (
    details: { network: string; environment: string; pubkey: string; client: number },
    message: string,
  ) => void;
}

/** A Keymanager URL as stored and shown: without any user name or password it may carry. */
export function clientName(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.toString().replace(/\/+$/, "");
}

/**
 * Hands every deposited provider key to each configured validator client over the Keymanager API: imports its
 * EIP-2335 keystore (encrypted; with an empty EIP-3076 interchange) and sets its fee recipient to RewardsClaim.
 * A key is imported once per client (state in validator_client_imports; a "duplicate" answer, after a restart
 * lost the first one, counts as imported); failures are retried with exponential backoff, the last error kept.
 */
export class ValidatorHandoff {
  private readonly genesisRoots = new Map<string, string>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Aborted by stop(): a request in flight is dropped, its outcome left for the next start to learn. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: HandoffOptions) {}

  /** Runs a pass now and then every intervalMs. */
  start(intervalMs: number): void {
    const tick = () => {
      if (this.stopped) return;
      this.runNow()
        .catch(() => {})
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  /** One pass over every target (a pass already running is awaited instead). */
  runNow(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  private async pass(): Promise<void> {
    for (const target of this.options.targets) {
      const keys = await this.options.storage.db
        .select({ pubkey: validatorKeys.pubkey, keystore: validatorKeys.keystore })
        .from(validatorKeys)
        .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
        .innerJoin(
          validators,
          and(
            eq(validators.network, depositRequests.network),
            eq(validators.environment, depositRequests.environment),
            eq(validators.pubkey, validatorKeys.pubkey),
          ),
        )
        .where(
          and(
            eq(depositRequests.network, target.network),
            eq(depositRequests.environment, target.environment),
            isNotNull(validatorKeys.keystore),
          ),
        );
      for (const [index, url] of target.urls.entries()) {
        await removeExitedKeys(this.options.storage, {
          network: target.network,
          environment: target.environment,
          client: clientName(url),
          keymanager: new KeymanagerClient(url, target.token, this.options.requestTimeoutMs, this.stopping.signal),
          backoffMs: this.options.backoffMs ?? 2_000,
          maxBackoffMs: this.options.maxBackoffMs ?? 600_000,
          onError: (pubkey, message) =>
            this.options.onError?.(
              { network: target.network, environment: target.environment, pubkey, client: index + 1 },
              message,
            ),
          stopped: () => this.stopped,
        });
      }
      if (keys.length === 0) continue;
      const rows = await this.options.storage.db
        .select()
        .from(validatorClientImports)
        .where(
          and(
            eq(validatorClientImports.network, target.network),
            eq(validatorClientImports.environment, target.environment),
          ),
        );
      const state = new Map(rows.map((row) => [`${row.pubkey} ${row.client}`, row]));
      for (const key of keys) {
        for (const [index, url] of target.urls.entries()) {
          if (this.stopped) return;
          const row = state.get(`${key.pubkey} ${clientName(url)}`);
          if (
            row?.state === "imported" ||
            row?.state === "removed" ||
            (row && row.nextAttemptAt.getTime() > Date.now())
          )
            continue;
          await this.handOff(target, index, key.pubkey, key.keystore, row?.attempts ?? 0);
        }
      }
    }
  }

  private async handOff(target: HandoffTarget, index: number, pubkey: string, keystore: unknown, attempts: number) {
    const url = target.urls[index] as string;
    const scope = { network: target.network, environment: target.environment, pubkey, client: clientName(url) };
    const client = new KeymanagerClient(url, target.token, this.options.requestTimeoutMs, this.stopping.signal);
    try {
      const root = await this.genesisRoot(target);
      await client.importKeystore(keystore, target.keystorePassword, emptyInterchange(root, [`0x${pubkey}`]));
      await client.setFeeRecipient(`0x${pubkey}`, target.feeRecipient);
      const done = { state: "imported" as const, lastError: null, importedAt: new Date(), attempts: attempts + 1 };
      await this.options.storage.db
        .insert(validatorClientImports)
        .values({ ...scope, ...done })
        .onConflictDoUpdate({
          target: [
            validatorClientImports.network,
            validatorClientImports.environment,
            validatorClientImports.pubkey,
            validatorClientImports.client,
          ],
          set: done,
        });
    } catch (error) {
      // Stopped mid-request: whether the client imported the key is unknown; the next start asks again and a
      // "duplicate" answer then counts as imported.
      if (this.stopped) return;
      const message = error instanceof Error ? error.message : String(error);
      const base = this.options.backoffMs ?? 2_000;
      const delay = Math.min(base * 2 ** attempts, this.options.maxBackoffMs ?? 600_000);
      const failed = {
        state: "pending" as const,
        lastError: message,
        attempts: attempts + 1,
        nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
      };
      await this.options.storage.db
        .insert(validatorClientImports)
        .values({ ...scope, ...failed })
        .onConflictDoUpdate({
          target: [
            validatorClientImports.network,
            validatorClientImports.environment,
            validatorClientImports.pubkey,
            validatorClientImports.client,
          ],
          set: failed,
        });
      this.options.onError?.({ ...scope, client: index + 1 }, message);
    }
  }

  /** genesis_validators_root from the environment's Beacon API (GET /eth/v1/beacon/genesis), once. */
  private async genesisRoot(target: HandoffTarget): Promise<string> {
    const known = this.genesisRoots.get(target.beaconApiUrl);
    if (known) return known;
    let root: unknown;
    let problem = "";
    try {
      const response = await fetch(`${target.beaconApiUrl}/eth/v1/beacon/genesis`, {
        signal: AbortSignal.any([AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000), this.stopping.signal]),
      });
      problem = ` (HTTP ${response.status})`;
      root = response.ok
        ? ((await response.json()) as { data?: { genesis_validators_root?: unknown } }).data?.genesis_validators_root
        : undefined;
    } catch (error) {
      problem = ` (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name})`;
    }
    if (typeof root !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(root)) {
      throw new Error(`the Beacon API did not answer /eth/v1/beacon/genesis with a genesis_validators_root${problem}`);
    }
    this.genesisRoots.set(target.beaconApiUrl, root);
    return root;
  }
}
