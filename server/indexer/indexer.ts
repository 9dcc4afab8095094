import { createPublicClient, fallback, http, type PublicClient } from "viem";
import type { OpsMonitor } from "../alerts/ops-monitor.ts";
import type { RewardsDistributor } from "../distributor/rewards-distributor.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { indexSsvLogs } from "../ssv/index-ssv-logs.ts";
import type { Storage } from "../storage/database.ts";
import { ChainMismatchError, checkIndexedChain } from "./chain-identity.ts";
import { indexChainLogs } from "./index-chain-logs.ts";
import { indexPendingDeposits } from "./index-pending-deposits.ts";
import { Leadership } from "./leadership.ts";
import { snapshotDay } from "./snapshot-day.ts";
import { syncBeaconValidators } from "./sync-beacon.ts";

export interface IndexerOptions {
  readonly storage: Storage;
  /** The ethereum-beacon environments to index (those with a deposit contract). */
  readonly environments: readonly ServedEnvironment[];
  readonly confirmations: (kind: string) => number;
  readonly chunkSize?: number;
  /** How long a Beacon API request may take (10 s when not given); a pass that times out is retried on the next. */
  readonly beaconTimeoutMs?: number;
  readonly onError?: (environment: string, error: unknown) => void;
  /** Runs after each environment's pass, under the same lease: one instance distributes rewards. */
  readonly distributor?: Pick<RewardsDistributor, "run"> & Partial<Pick<RewardsDistributor, "forget">>;
  /** Runs last in each environment's pass, under the same lease: operator alerts (missed duties, failed imports). */
  readonly monitor?: Pick<OpsMonitor, "run">;
  /** Called after each complete pass over an environment ("network/environment"). */
  readonly onIndexed?: (environment: string) => void;
  /** A devnet's node serves a new chain: everything indexed from the old one was deleted, in one transaction. */
  readonly onStartedOver?: (environment: string, reason: string) => void;
  /** An environment (not a devnet) whose node serves another chain: it is not indexed again until a restart. */
  readonly onStopped?: (environment: string, error: ChainMismatchError) => void;
  /**
   * With several server instances on one database: only the holder of an environment's lease indexes it. The
   * lease is renewed every quarter of ttlMs, and taken over by a standing-by instance once it expires.
   */
  readonly lease?: {
    readonly holder: string;
    readonly ttlMs: number;
    readonly onChange?: (environment: string, held: boolean) => void;
  };
}

/**
 * Keeps the database in step with each environment, once it has checked that the node serves the chain its
 * rows come from (checkIndexedChain: a devnet's new chain is indexed afresh, another environment stops): chain
 * logs (deposits, stakes, rewards, claims, exit requests) and the SSV network's events, each in its own cursor
 * stream, up to the confirmed block, the deposits in the newer blocks as pending, validator state from the
 * Beacon API, and today's reward snapshot (the day of the chain's head).
 */
export class Indexer {
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private readonly clients = new Map<string, PublicClient>();
  private readonly leadership: Leadership | undefined;
  /** Environments stopped on another chain ("network/environment"). */
  private readonly stopped = new Set<string>();

  constructor(private readonly options: IndexerOptions) {
    const lease = options.lease;
    if (lease) this.leadership = new Leadership({ storage: options.storage, ...lease, onError: options.onError });
  }

  /**
   * One pass over every environment (with a lease: those whose lease this instance holds); an environment's
   * failure is reported and does not stop the others.
   */
  async runOnce(): Promise<void> {
    for (const entry of this.indexed()) {
      const key = `${entry.network}/${entry.environment.id}`;
      try {
        if (this.leadership && !(await this.leadership.renew(entry))) continue;
        await this.indexEnvironment(entry);
        this.options.onIndexed?.(key);
      } catch (error) {
        if (!(error instanceof ChainMismatchError)) {
          this.options.onError?.(key, error);
          continue;
        }
        // Retrying cannot help: the node must change. Its lease goes to an instance that may have the right one.
        this.stopped.add(key);
        await this.leadership?.release([entry]);
        this.options.onStopped?.(key, error);
      }
    }
  }

  /**
   * A complete pass that starts after any pass under way has finished (never two at once), so what was on
   * chain when it is called is indexed when it resolves.
   */
  async runNow(): Promise<void> {
    await this.running;
    this.running = this.runOnce().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  /**
   * Runs a pass now and then every intervalMs, never two at once. With a lease, it is also renewed (or, by a
   * standing-by instance, tried) every quarter of its time, and a pass starts as soon as it is taken.
   */
  start(intervalMs: number): void {
    const tick = () => {
      this.running ??= this.runOnce().finally(() => {
        this.running = undefined;
      });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    const { leadership, options } = this;
    if (!leadership || !options.lease) return;
    const beat = async () => {
      let taken = false;
      for (const entry of this.indexed()) {
        const held = leadership.holds(entry);
        if ((await leadership.renew(entry)) && !held) taken = true;
      }
      if (taken) tick();
    };
    this.heartbeat = setInterval(
      () => {
        this.beating ??= beat().finally(() => {
          this.beating = undefined;
        });
      },
      Math.max(1, Math.floor(options.lease.ttlMs / 4)),
    );
    this.heartbeat.unref();
  }

  /**
   * Stops the interval and waits for the pass under way, at most `graceMs`: a pass stuck on a slow node must
   * not hold up shutdown. A pass cut short this way writes nothing partial (each chunk is one transaction) and
   * the next start continues from the last cursor. Then it gives up the leases it holds, for another instance.
   */
  async stop(graceMs = 5_000): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    const running = this.running;
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([running.catch(() => undefined), grace]);
      clearTimeout(timer);
    }
    // A renewal under way would otherwise take the lease back right after it is given up.
    await this.beating;
    await this.leadership?.release(this.options.environments);
  }

  /** The environments still indexed: all but those stopped on another chain. */
  private indexed(): ServedEnvironment[] {
    return this.options.environments.filter((entry) => !this.stopped.has(`${entry.network}/${entry.environment.id}`));
  }

  private client(entry: ServedEnvironment): PublicClient {
    const key = `${entry.network}/${entry.environment.id}`;
    let client = this.clients.get(key);
    if (!client) {
      client = createPublicClient({ cacheTime: 0, transport: fallback(entry.upstreams.map((url) => http(url))) });
      this.clients.set(key, client);
    }
    return client;
  }

  private async indexEnvironment(entry: ServedEnvironment): Promise<void> {
    const environment = entry.environment;
    const client = this.client(entry);
    const scope = { network: entry.network, environment: environment.id };
    const fence = this.leadership?.fence(entry);
    // First: every later step reads or writes rows of the chain this check vouches for.
    const chain = await checkIndexedChain(this.options.storage, { ...scope, kind: environment.kind, client, fence });
    if (chain.outcome === "started-over") {
      this.options.distributor?.forget?.();
      this.options.onStartedOver?.(`${scope.network}/${scope.environment}`, chain.reason);
    }
    // Before the logs, so the allocation it sends is indexed (and counted in today's rewards) by this same pass; its
    // failure (a Beacon API down, an operator out of gas money) is reported and does not hold up indexing.
    await this.options.distributor
      ?.run(entry, client, fence)
      .catch((error: unknown) => this.options.onError?.(`${scope.network}/${scope.environment}`, error));
    const reading = {
      ...scope,
      client,
      confirmations: this.options.confirmations(environment.kind),
      chunkSize: this.options.chunkSize ?? 2_000,
      rewindBlocks: 64,
      fence,
    };
    await indexChainLogs(this.options.storage, { ...reading, contracts: environment.contracts ?? {} });
    // The SSV network's own stream: its failure is reported and holds up neither deposits, validator state nor
    // today's snapshot; a back-fill from its deploy block goes on over several passes (see indexSsvLogs).
    const ssvNetwork = environment.contracts?.ssvNetwork;
    if (ssvNetwork)
      await indexSsvLogs(this.options.storage, {
        ...reading,
        ssvNetwork,
        startBlock: BigInt(environment.ssv?.startBlock ?? 0),
      }).catch((error: unknown) => this.options.onError?.(`${scope.network}/${scope.environment}`, error));
    if (environment.contracts?.deposit)
      await indexPendingDeposits(this.options.storage, {
        ...scope,
        client,
        depositContract: environment.contracts.deposit,
        fence,
      });
    const beacon = entry.beaconApiUrl
      ? await syncBeaconValidators(this.options.storage, {
          ...scope,
          beaconApiUrl: entry.beaconApiUrl,
          ...(this.options.beaconTimeoutMs ? { timeoutMs: this.options.beaconTimeoutMs } : {}),
        })
      : undefined;
    const head = await client.getBlock();
    await snapshotDay(this.options.storage, {
      ...scope,
      day: new Date(Number(head.timestamp) * 1000).toISOString().slice(0, 10),
      epoch: beacon?.epoch ?? null,
    });
    await this.options.monitor
      ?.run(entry)
      .catch((error: unknown) => this.options.onError?.(`${scope.network}/${scope.environment}`, error));
  }
}
