import type { FastifyInstance } from "fastify";
import type { Storage } from "../storage/database.ts";
import { readIndexerLag } from "./indexer-lag.ts";
import type { IndexerStatus } from "./indexer-status.ts";
import type { UpstreamRegistry } from "./upstream-registry.ts";

export interface ReadinessDependencies {
  readonly storage: Storage;
  readonly upstreams: UpstreamRegistry;
  readonly indexer: IndexerStatus | undefined;
  /** True once the server has begun to shut down. */
  readonly stopping: () => boolean;
}

/** How long the database may take to answer /ready's query before it counts as down. */
const DATABASE_TIMEOUT_MS = 2_000;

const nullableInteger = { type: ["integer", "null"] } as const;
const readinessSchema = {
  type: "object",
  required: ["status", "database", "upstreams", "indexer"],
  properties: {
    status: { type: "string", enum: ["ok", "unavailable"] },
    database: { type: "string", enum: ["ok", "unavailable"] },
    shuttingDown: { type: "boolean" },
    upstreams: {
      type: "array",
      items: {
        type: "object",
        properties: {
          chainId: { type: "integer" },
          network: { type: "string" },
          environment: { type: "string" },
          upstreams: {
            type: "array",
            items: {
              type: "object",
              properties: {
                host: { type: "string" },
                state: { type: "string", enum: ["ok", "unverified", "cooling-down", "wrong-chain"] },
              },
            },
          },
        },
      },
    },
    indexer: {
      type: "array",
      items: {
        type: "object",
        properties: {
          network: { type: "string" },
          environment: { type: "string" },
          leader: { type: "boolean" },
          headBlock: nullableInteger,
          indexedBlock: nullableInteger,
          lagBlocks: nullableInteger,
          indexedAt: { type: "string" },
          lastPassAt: { type: "string" },
          stopped: { type: "boolean" },
          lastError: {
            type: "object",
            properties: { at: { type: "string" }, message: { type: "string" } },
          },
        },
      },
    },
  },
} as const;

/**
 * GET /ready: 200 when this instance can serve requests, 503 when the database does not answer or it is
 * shutting down. The body details the database, each RPC upstream (host and state, never its URL) and, per
 * indexed environment, the chain's head, the last indexed block, the lag between them, whether this instance
 * leads the indexing, its last pass's error and whether it stopped (its node serves another chain). Upstreams and the indexer inform; they do not make it 503.
 */
export async function readinessRoutes(app: FastifyInstance, deps: ReadinessDependencies) {
  app.get(
    "/ready",
    {
      schema: {
        summary: "Readiness, with details",
        tags: ["health"],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const database = await answersWithin(deps.storage, DATABASE_TIMEOUT_MS);
      const shuttingDown = deps.stopping();
      const lags = database ? await readIndexerLag(deps.storage, deps.upstreams).catch(() => []) : [];
      const own = deps.indexer?.snapshot() ?? new Map();
      const keys = [...new Set([...lags.map((lag) => `${lag.network}/${lag.environment}`), ...own.keys()])].sort();
      const indexer = keys.map((key) => {
        const [network = key, environment = ""] = key.split("/");
        const lag = lags.find((candidate) => candidate.network === network && candidate.environment === environment);
        const status = own.get(key);
        return {
          network,
          environment,
          headBlock: lag?.headBlock ?? null,
          indexedBlock: lag?.indexedBlock ?? null,
          lagBlocks: lag?.lagBlocks ?? null,
          ...(lag ? { indexedAt: lag.indexedAt } : {}),
          ...(status ? { leader: status.leader } : {}),
          ...(status?.lastPassAt ? { lastPassAt: status.lastPassAt } : {}),
          ...(status?.stopped ? { stopped: true } : {}),
          ...(status?.lastError ? { lastError: status.lastError } : {}),
        };
      });
      const ready = database && !shuttingDown;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? "ok" : "unavailable",
        database: database ? "ok" : "unavailable",
        ...(shuttingDown ? { shuttingDown } : {}),
        upstreams: deps.upstreams.health(),
        indexer,
      });
    },
  );
}

async function answersWithin(storage: Storage, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([storage.ping().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
