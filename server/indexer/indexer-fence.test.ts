import { and, eq } from "drizzle-orm";
import { type Address, numberToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networks } from "../../src/generated/index.ts";
import { devnetSettings, type RunningDevnet, startDevnet } from "../../tests/support/devnet.ts";
import { sendDevnetDeposit } from "../../tests/support/devnet-deposit.ts";
import { type HoldingRelay, startHoldingRelay } from "../../tests/support/holding-relay.ts";
import { parseEnv } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { indexerCursors, validators } from "../storage/schema.ts";
import { Indexer } from "./indexer.ts";

/**
 * Two indexers (as in two server instances) on one database. The leader stalls in the middle of a chunk (its
 * node does not answer) for longer than its lease; the other takes over and indexes ahead; when the old
 * leader wakes up, its chunk must not be written.
 */
let devnet: RunningDevnet;
let relay: HoldingRelay;
let storage: Storage;
const errors: Record<string, unknown[]> = { a: [], b: [] };
const changes: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
  relay = await startHoldingRelay(devnet.ethereum.anvil.rpcUrl);
  storage = await openStorage({ dataDir: "memory://" });
}, 60_000);
afterAll(async () => {
  await relay?.close();
  await storage?.close();
  await devnet?.stop();
});

const indexerOf = (holder: "a" | "b") =>
  new Indexer({
    storage,
    environments: servedEnvironments(
      parseEnv({
        SERVE_KINDS: "devnet",
        RPC_UPSTREAM_POLICY: "replace",
        RPC_UPSTREAMS_ETHEREUM_DEVNET: `${relay.url}/${holder}`,
        BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
      }),
      [networks.ethereum],
    ),
    confirmations: () => 0,
    chunkSize: 1,
    onError: (_, error) => errors[holder]?.push(error),
    lease: { holder, ttlMs: 1_000, onChange: (environment, held) => changes.push(`${holder} ${environment} ${held}`) },
  });

const cursor = async () =>
  (
    await storage.db
      .select({ blockNumber: indexerCursors.blockNumber })
      .from(indexerCursors)
      .where(and(eq(indexerCursors.network, "ethereum"), eq(indexerCursors.environment, "devnet")))
  )[0]?.blockNumber;

describe("indexer fencing", () => {
  it("refuses the chunk of a leader that stalled past its lease, after another instance took over", async () => {
    const [a, b] = [indexerOf("a"), indexerOf("b")];
    const owner = devnet.ethereum.accounts[3] as Address;
    await sendDevnetDeposit(devnet.ethereum.client, owner, 0, 0);
    const depositBlock = await devnet.ethereum.client.getBlockNumber({ cacheTime: 0 });
    // a leads and stalls on the deposit's chunk: it has read the log and waits for the deposit's block.
    const asked = relay.holdNext("eth_getBlockByNumber", numberToHex(depositBlock));
    const stalled = a.runOnce();
    expect(await asked).toBe("a");
    expect(changes).toEqual(["a ethereum/devnet true"]);

    // b stands by until a's lease has run out (a renews nothing while stalled), then takes over.
    const deadline = Date.now() + 10_000;
    while (!changes.includes("b ethereum/devnet true") && Date.now() < deadline) {
      await b.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(changes).toContain("b ethereum/devnet true");
    await devnet.ethereum.client.mine({ blocks: 5 });
    await b.runOnce();
    const head = await devnet.ethereum.client.getBlockNumber({ cacheTime: 0 });
    expect(await cursor()).toBe(head);

    // a wakes up: its chunk (a block far behind b's cursor) is refused, and a knows it is no longer leader.
    relay.release();
    await stalled;
    expect(errors.a?.map((error) => (error as Error).message)).toEqual([
      "instance a no longer holds the indexer lease of ethereum/devnet",
    ]);
    expect(changes.at(-1)).toBe("a ethereum/devnet false");
    expect(await cursor()).toBe(head);
    const rows = await storage.db.select({ pubkey: validators.pubkey }).from(validators);
    expect(rows).toHaveLength(1);
    expect(errors.b).toEqual([]);
  }, 60_000);
});
