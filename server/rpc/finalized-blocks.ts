import type { Upstream, UpstreamPool } from "./upstream-pool.ts";

/**
 * Each upstream's finalized block, learnt only from the proxy's own question to that upstream (whose chain id
 * the pool checked): `eth_getBlockByNumber("finalized", false)`. Nothing a client sends or is answered moves it.
 * A node that names no finalized block (an error or null) is taken to have finalized the block
 * FALLBACK_FINALITY_DEPTH blocks behind its head.
 */
export const FALLBACK_FINALITY_DEPTH = 128n;

interface Sighting {
  /** The finalized block number; -1 when no block is final yet. */
  readonly number: bigint;
  /** When the upstream's answer arrived (performance.now()). */
  readonly at: number;
}

interface Known {
  latest?: Sighting;
  /** The sighting before the latest: still true, and older than answers that were on their way meanwhile. */
  previous?: Sighting;
  askedAt: number;
  asking?: Promise<void>;
}

export class FinalizedBlocks {
  private readonly known = new Map<Upstream, Known>();

  constructor(
    private readonly pool: UpstreamPool,
    /** Asks an upstream again at most this often. */
    private readonly checkEveryMs: number,
  ) {}

  /**
   * The upstream's finalized block as it stated it before `since` (a performance.now() time): an answer sent
   * after that statement cannot predate it, so a block at or below it was final when the answer was made.
   */
  finalizedBefore(upstream: Upstream, since: number): bigint | undefined {
    const known = this.known.get(upstream);
    for (const sighting of [known?.latest, known?.previous]) {
      if (sighting && sighting.at <= since) return sighting.number;
    }
    return undefined;
  }

  /** Asks the upstream for its finalized block unless it was asked within the interval. Never throws. */
  refresh(upstream: Upstream): Promise<void> {
    const known = this.known.get(upstream) ?? { askedAt: Number.NEGATIVE_INFINITY };
    this.known.set(upstream, known);
    if (known.asking) return known.asking;
    if (performance.now() - known.askedAt < this.checkEveryMs) return Promise.resolve();
    known.askedAt = performance.now();
    known.asking = this.ask(upstream).then(
      (number) => {
        known.asking = undefined;
        if (number === undefined) return;
        if (known.latest && number < known.latest.number) return; // a finalized block never goes back
        known.previous = known.latest;
        known.latest = { number, at: performance.now() };
      },
      () => {
        known.asking = undefined;
      },
    );
    return known.asking;
  }

  private async ask(upstream: Upstream): Promise<bigint | undefined> {
    const answer = await this.pool.ask(upstream, [
      { jsonrpc: "2.0", id: 0, method: "eth_getBlockByNumber", params: ["finalized", false] },
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
    ]);
    const byId = new Map<unknown, { result?: unknown }>();
    for (const item of Array.isArray(answer) ? answer : []) {
      if (item !== null && typeof item === "object") byId.set((item as { id?: unknown }).id, item);
    }
    const finalized = quantity((byId.get(0)?.result as { number?: unknown } | null | undefined)?.number);
    if (finalized !== undefined) return finalized;
    const head = quantity(byId.get(1)?.result);
    if (head === undefined) return undefined;
    return head - FALLBACK_FINALITY_DEPTH >= 0n ? head - FALLBACK_FINALITY_DEPTH : -1n;
  }
}

/** A JSON-RPC QUANTITY (0x-prefixed hex) as a bigint; undefined for anything else. */
export function quantity(value: unknown): bigint | undefined {
  return typeof value === "string" && /^0x[0-9a-f]{1,64}$/i.test(value) ? BigInt(value) : undefined;
}
