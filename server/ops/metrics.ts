import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Storage } from "../storage/database.ts";
import { readIndexerLag } from "./indexer-lag.ts";
import type { IndexerStatus } from "./indexer-status.ts";
import type { UpstreamRegistry } from "./upstream-registry.ts";

/**
 * This instance's Prometheus metrics (prom-client), in a registry of its own so several servers in one process
 * (tests) do not mix. Routes are labelled by their pattern (`/rpc/:chainId` style, as registered), never by
 * the raw URL, so no address or token reaches a label; requests no route matched count as "unmatched".
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly upstreamErrors = new Counter({
    name: "rpc_upstream_errors_total",
    help: "Failures an RPC upstream caused (it is then set aside for a cool-down), by chain id and upstream host",
    labelNames: ["chain_id", "upstream"] as const,
    registers: [this.registry],
  });

  readonly coalescedReads = new Counter({
    name: "rpc_coalesced_reads_total",
    help: "Proxied reads answered by joining an identical read already on its way upstream (no upstream request of their own), by chain id",
    labelNames: ["chain_id"] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The counter and histogram children of each method, route and status seen: labels are checked once each. */
  private readonly children = new Map<string, { inc(): void; observe(seconds: number): void }>();

  /**
   * Counts and times every answered request by its route pattern. The hook runs on every request (the RPC proxy's
   * included): a callback, not an async function, with the children of its labels made once.
   */
  install(app: FastifyInstance): void {
    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = this.children.get(key);
      if (!child) {
        const counter = this.requests.labels(request.method, route, String(reply.statusCode));
        const histogram = this.durations.labels(request.method, route);
        child = { inc: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
        this.children.set(key, child);
      }
      child.inc();
      child.observe(reply.elapsedTime / 1000);
      done();
    });
  }

  /** The indexer's gauges, read when scraped: the lease per environment and the lag from the shared database. */
  watchIndexer(storage: Storage, upstreams: UpstreamRegistry, status: IndexerStatus | undefined): void {
    new Gauge({
      name: "indexer_leader",
      help: "1 when this instance holds the environment's indexer lease (indexes it), 0 otherwise",
      labelNames: ["network", "environment"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [key, entry] of status?.snapshot() ?? []) {
          const [network = key, environment = ""] = key.split("/");
          this.set({ network, environment }, entry.leader ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: "indexer_lag_blocks",
      help: "Blocks between the chain's head and the last block indexed, per environment (absent when the head is unknown)",
      labelNames: ["network", "environment"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const lags = await readIndexerLag(storage, upstreams).catch(() => []);
        for (const lag of lags) {
          if (lag.lagBlocks !== null) this.set({ network: lag.network, environment: lag.environment }, lag.lagBlocks);
        }
      },
    });
  }
}
