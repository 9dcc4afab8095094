import type { CombinedReads } from "./combined-reads.ts";
import type { FinalizedBlocks } from "./finalized-blocks.ts";
import { blockOfAnswer, type ImmutableCache } from "./immutable-cache.ts";
import { type JsonRpcErrorObject, type JsonRpcRequest, RPC_ERRORS } from "./json-rpc.ts";
import type { ClientConnection } from "./post-json.ts";
import { type Members, parseMember, readAnswerBody } from "./raw-json.ts";
import { SharedAudience } from "./shared-audience.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

/** What the upstream said to one request: its result as the upstream's bytes, or its error object. */
export type Outcome = { readonly result: Buffer } | { readonly error: JsonRpcErrorObject };

/** A request to forward, with its parameters as JSON (sent upstream as they are) and its key (requestKey()). */
export interface Read {
  readonly request: JsonRpcRequest;
  readonly paramsJson: string | undefined;
  readonly key: string;
}

export interface ReadTarget {
  readonly chainId: number;
  readonly pool: UpstreamPool;
  readonly finalized: FinalizedBlocks;
  readonly inFlight: InFlightReads;
  /** Combines reads of different clients into one upstream exchange; without it each request has its own. */
  readonly combined?: CombinedReads;
}

/**
 * Broadcasting is not a read: a transaction is sent once per request. Every other method the proxy serves
 * reads, and a read asked while the same read is on its way gets that answer (it is at most one round trip
 * old, as an answer from any node behind a load balancer can be).
 */
const NOT_SHARED = new Set(["eth_sendRawTransaction"]);

/** The reads of one chain on their way upstream, by key: an identical read joins one instead of being sent. */
export class InFlightReads {
  private readonly reads = new Map<string, { outcome: Promise<Outcome>; audience: SharedAudience }>();

  /** `onJoin` is called each time a read joins one on its way (for /metrics). */
  constructor(private readonly onJoin?: () => void) {}

  /** The outcome of the same read already on its way, shared with `client`; undefined when there is none. */
  join(key: string, client: ClientConnection | undefined): Promise<Outcome> | undefined {
    const read = this.reads.get(key);
    if (!read || read.audience.destroyed) return undefined;
    read.audience.add(client);
    this.onJoin?.();
    return read.outcome;
  }

  lead(key: string, outcome: Promise<Outcome>, audience: SharedAudience): void {
    this.reads.set(key, { outcome, audience });
    const done = () => {
      if (this.reads.get(key)?.outcome === outcome) this.reads.delete(key);
    };
    outcome.then(done, done);
  }
}

/**
 * The outcome of each read, in order: reads identical to one on its way join it, the others go upstream in one
 * body (ids renumbered 0..n-1). Each outcome rejects with the pool's error when its exchange failed.
 */
export function readUpstream(
  target: ReadTarget,
  reads: readonly Read[],
  cache: ImmutableCache,
  client: ClientConnection | undefined,
): Promise<Outcome>[] {
  const outcomes: Promise<Outcome>[] = new Array(reads.length);
  const sent: number[] = [];
  reads.forEach((read, index) => {
    const shared = NOT_SHARED.has(read.request.method) ? undefined : target.inFlight.join(read.key, client);
    if (shared) outcomes[index] = shared;
    else sent.push(index);
  });
  if (sent.length === 0) return outcomes;
  const audience = new SharedAudience(client);
  const own = sent.map((index) => reads[index] as Read);
  const exchange = target.combined ? target.combined.send(own, audience) : exchangeReads(target, own, cache, audience);
  sent.forEach((index, position) => {
    const read = reads[index] as Read;
    const outcome = exchange.then((answers) => answers[position] as Outcome);
    outcomes[index] = outcome;
    if (!NOT_SHARED.has(read.request.method)) target.inFlight.lead(read.key, outcome, audience);
  });
  return outcomes;
}

/** One exchange with the upstream pool for these reads; keeps the answers that can never change. */
export async function exchangeReads(
  target: ReadTarget,
  reads: readonly Read[],
  cache: ImmutableCache,
  audience: ClientConnection,
): Promise<Outcome[]> {
  const bodies = reads.map(
    ({ request, paramsJson }, id) =>
      `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(request.method)}${paramsJson === undefined ? "" : `,"params":${paramsJson}`}}`,
  );
  const sentAt = performance.now();
  const { answer, upstream } = await target.pool.exchangeBytes(
    Buffer.from(bodies.length === 1 ? (bodies[0] as string) : `[${bodies.join(",")}]`),
    readAnswerBody,
    audience,
  );
  const byId = new Map<unknown, Members>();
  for (const members of Array.isArray(answer) ? answer : [answer]) byId.set(parseMember(members.id), members);
  // Answers about blocks above what the upstream had finalized are not kept; if the upstream was last asked a
  // while ago, ask again so later answers can be (this answer is not: it may predate the new finalized block).
  const finalized = target.finalized.finalizedBefore(upstream, sentAt);
  const blocks = reads.map(({ request }, id) => {
    const result = byId.get(id)?.result;
    return result && blockOfAnswer(request, result);
  });
  const newest = blocks.reduce<bigint | undefined>(
    (highest, block) => (typeof block === "bigint" && (highest === undefined || block > highest) ? block : highest),
    undefined,
  );
  if (newest !== undefined && (finalized === undefined || newest > finalized)) {
    await target.finalized.refresh(upstream);
  }
  return reads.map(({ key }, id) => {
    const members = byId.get(id);
    if (members?.result) {
      cache.offer(target.chainId, key, members.result, blocks[id], finalized);
      return { result: members.result };
    }
    const error = parseMember(members?.error);
    if (isErrorObject(error)) return { error };
    return { error: RPC_ERRORS.internal("the upstream node gave no answer to this request") };
  });
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { code?: unknown }).code === "number" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
