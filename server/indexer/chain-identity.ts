import { and, eq } from "drizzle-orm";
import type { PublicClient } from "viem";
import type { Storage } from "../storage/database.ts";
import { indexerChains, indexerCursors } from "../storage/schema.ts";
import { forgetIndexedChain } from "./forget-indexed-chain.ts";
import type { Transaction } from "./indexer-lease.ts";

/** Which chain an environment's indexed rows come from. */
export interface ChainIdentity {
  readonly chainId: number;
  /** The hash of block 0, lower case. */
  readonly genesisHash: string;
}

/**
 * The RPC node of an environment that is not a devnet serves another chain than the one its rows were indexed
 * from: indexing that environment stops (rows kept) until the operator points it at the right node and restarts.
 */
export class ChainMismatchError extends Error {
  override readonly name = "ChainMismatchError";
  constructor(
    readonly environment: string,
    readonly expected: ChainIdentity,
    readonly found: ChainIdentity,
  ) {
    super(
      `${environment}: the RPC node serves another chain than the one indexed: expected genesis block ${expected.genesisHash} (chain id ${expected.chainId}), found ${found.genesisHash} (chain id ${found.chainId}). Indexing of ${environment} stopped and its indexed rows are kept: point its RPC upstreams at a node of the indexed chain and restart the server (README, "When the indexer finds another chain").`,
    );
  }
}

export interface ChainCheckScope {
  readonly network: string;
  readonly environment: string;
  /** The environment's kind: only a devnet ("devnet") is started over on another chain. */
  readonly kind: string;
  readonly client: PublicClient;
  /** Run first in the transaction; throws (rolling it back) when this instance may no longer write. */
  readonly fence?: (tx: Transaction) => Promise<void>;
}

/** What the check found: the same chain, a first record of it, or (devnet only) a new chain indexed afresh. */
export type ChainCheck =
  | { readonly outcome: "same" | "recorded"; readonly identity: ChainIdentity }
  | { readonly outcome: "started-over"; readonly identity: ChainIdentity; readonly reason: string };

/**
 * Run first in every pass over an environment: compares the chain behind its RPC node (chain id and genesis
 * block hash) with the one its rows were indexed from. On the first pass it records it. On a devnet, another
 * chain (another genesis, or a head below a block already indexed: the chain was started again) deletes
 * everything indexed from the old one, in one fenced transaction, and records the new one, so indexing starts
 * over from block 0. Anywhere else another chain throws ChainMismatchError and nothing is written.
 */
export async function checkIndexedChain(storage: Storage, scope: ChainCheckScope): Promise<ChainCheck> {
  const { network, environment, client } = scope;
  const [chainId, genesis, head] = await Promise.all([
    client.getChainId(),
    client.getBlock({ blockNumber: 0n }),
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  const found: ChainIdentity = { chainId, genesisHash: (genesis.hash as string).toLowerCase() };
  const [stored] = await storage.db
    .select()
    .from(indexerChains)
    .where(and(eq(indexerChains.network, network), eq(indexerChains.environment, environment)));
  const expected = stored ? { chainId: stored.chainId, genesisHash: stored.genesisHash } : undefined;
  const differs = expected && (expected.chainId !== found.chainId || expected.genesisHash !== found.genesisHash);
  if (differs && scope.kind !== "devnet") throw new ChainMismatchError(`${network}/${environment}`, expected, found);
  const reason = differs
    ? `its genesis block was ${expected.genesisHash} (chain id ${expected.chainId}) and is now ${found.genesisHash} (chain id ${found.chainId})`
    : scope.kind === "devnet"
      ? await devnetRestarted(storage, scope, head, expected === undefined)
      : undefined;
  if (!reason && expected) return { outcome: "same", identity: found };
  await storage.db.transaction(async (tx) => {
    await scope.fence?.(tx);
    if (reason) await forgetIndexedChain(tx, { network, environment });
    await tx
      .insert(indexerChains)
      .values({ network, environment, ...found })
      .onConflictDoUpdate({
        target: [indexerChains.network, indexerChains.environment],
        set: { ...found, recordedAt: new Date() },
      });
  });
  return reason ? { outcome: "started-over", identity: found, reason } : { outcome: "recorded", identity: found };
}

/**
 * Why a devnet's indexed rows cannot come from the chain its node serves now, if they cannot: a cursor past the
 * head (a devnet node is never behind: its chain was started again) or, for rows indexed before chains were
 * recorded, a cursor whose block the chain does not have.
 */
async function devnetRestarted(
  storage: Storage,
  scope: ChainCheckScope,
  head: bigint,
  unrecorded: boolean,
): Promise<string | undefined> {
  const cursors = await storage.db
    .select()
    .from(indexerCursors)
    .where(and(eq(indexerCursors.network, scope.network), eq(indexerCursors.environment, scope.environment)));
  for (const cursor of cursors) {
    if (cursor.blockNumber > head)
      return `block ${cursor.blockNumber} was indexed (stream ${cursor.stream}) and the chain's head is block ${head}`;
    if (!unrecorded) continue;
    const block = await scope.client.getBlock({ blockNumber: cursor.blockNumber });
    if (block.hash !== cursor.blockHash)
      return `block ${cursor.blockNumber} was indexed as ${cursor.blockHash} (stream ${cursor.stream}) and the chain has ${block.hash}`;
  }
  return undefined;
}
