import { and, eq } from "drizzle-orm";
import {
  type AbiEvent,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type Log,
  numberToHex,
  stringToHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../storage/database.ts";
import { ssvClusterSnapshots, ssvOperatorFees, ssvOperators, ssvValidators } from "../storage/schema.ts";
import { applySsvLog } from "./apply-ssv-log.ts";
import { rewindSsv } from "./rewind-ssv.ts";
import { ssvEventsAbi } from "./ssv-events-abi.ts";

const scope = { network: "ethereum", environment: "devnet" };
const OWNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OPERATOR_OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PEM_BASE64 =
  "LS0tLS1CRUdJTiBSU0EgUFVCTElDIEtFWS0tLS0tCk1JSUJJakFOQmdrcWhraUc5dzBCQVFFRkFBT0NBUThBTUlJQkNnS0NBUUVB";
const KEY = `0x${"ab".repeat(48)}` as Hex;

/** A log exactly as the contract would emit it: indexed arguments in topics, the others ABI-encoded in data. */
function ssvLog(
  name: string,
  args: Record<string, unknown>,
  blockNumber: bigint,
  logIndex: number,
): Log<bigint, number, false> {
  const events: readonly AbiEvent[] = ssvEventsAbi.filter((entry) => entry.type === "event");
  const item = events.find((entry) => entry.name === name);
  if (!item) throw new Error(`no event ${name} in the ABI`);
  const indexed = Object.fromEntries(
    item.inputs.filter((input) => input.indexed).map((input) => [input.name, args[input.name as string]]),
  );
  const plain = item.inputs.filter((input) => !input.indexed);
  return {
    address: "0xbc27A86df319f94645BEbE0Dc1a03D0d11d12C48",
    topics: encodeEventTopics({ abi: [item], eventName: item.name, args: indexed } as never) as [Hex, ...Hex[]],
    data: encodeAbiParameters(plain, plain.map((input) => args[input.name as string]) as never),
    blockNumber,
    logIndex,
    blockHash: numberToHex(blockNumber, { size: 32 }),
    transactionHash: numberToHex(blockNumber * 1000n + BigInt(logIndex), { size: 32 }),
    transactionIndex: 0,
    removed: false,
  };
}

const cluster = (validatorCount: number, balance: bigint, active = true) => ({
  validatorCount,
  networkFeeIndex: 7n,
  index: 11n,
  active,
  balance,
});
const ids = [4n, 2n, 3n, 1n];

const LOGS = [
  ssvLog(
    "OperatorAdded",
    {
      operatorId: 1n,
      owner: OPERATOR_OWNER,
      publicKey: encodeAbiParameters([{ type: "string" }], [PEM_BASE64]),
      fee: 382_640_000_000n,
    },
    10n,
    0,
  ),
  ssvLog(
    "OperatorAdded",
    { operatorId: 2n, owner: OPERATOR_OWNER, publicKey: stringToHex("not base64 text!"), fee: 1n },
    10n,
    1,
  ),
  ssvLog(
    "ValidatorAdded",
    { owner: OWNER, operatorIds: ids, publicKey: KEY, shares: "0x1234", cluster: cluster(1, 0n) },
    20n,
    0,
  ),
  ssvLog(
    "ClusterDeposited",
    { owner: OWNER, operatorIds: ids, value: 10n ** 19n, cluster: cluster(1, 10n ** 19n) },
    21n,
    0,
  ),
  ssvLog(
    "OperatorFeeExecuted",
    { owner: OPERATOR_OWNER, operatorId: 1n, blockNumber: 30n, fee: 400_000_000_000n },
    30n,
    0,
  ),
  ssvLog(
    "ValidatorRemoved",
    { owner: OWNER, operatorIds: ids, publicKey: KEY, cluster: cluster(0, 10n ** 19n) },
    40n,
    0,
  ),
  ssvLog("OperatorRemoved", { operatorId: 2n }, 41n, 0),
  ssvLog("ClusterLiquidated", { owner: OWNER, operatorIds: ids, cluster: cluster(0, 0n, false) }, 42n, 0),
];

let storage: Storage;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
}, 60_000);
afterAll(async () => storage?.close());

const apply = (logs: readonly Log<bigint, number, false>[]) =>
  storage.db.transaction(async (tx) => {
    for (const log of logs) await applySsvLog(tx, log, scope);
  });
const where = <
  T extends typeof ssvOperators | typeof ssvValidators | typeof ssvClusterSnapshots | typeof ssvOperatorFees,
>(
  table: T,
) => and(eq(table.network, scope.network), eq(table.environment, scope.environment));
const state = async () => ({
  operators: await storage.db.select().from(ssvOperators).where(where(ssvOperators)).orderBy(ssvOperators.operatorId),
  fees: (await storage.db.select().from(ssvOperatorFees).where(where(ssvOperatorFees))).length,
  validators: await storage.db.select().from(ssvValidators).where(where(ssvValidators)),
  snapshots: (
    await storage.db
      .select()
      .from(ssvClusterSnapshots)
      .where(where(ssvClusterSnapshots))
      .orderBy(ssvClusterSnapshots.blockNumber)
  ).map(
    (row) => `${row.event}@${row.blockNumber}:${row.operatorIds}:${row.validatorCount}:${row.active}:${row.balanceWei}`,
  ),
});

describe("indexing SSV network logs", () => {
  it("keeps operators, fees, validators and each cluster state the events logged", async () => {
    await apply(LOGS);
    const now = await state();
    expect(now.operators).toMatchObject([
      { operatorId: 1, owner: OPERATOR_OWNER, publicKey: PEM_BASE64, removedBlock: null },
      { operatorId: 2, publicKey: stringToHex("not base64 text!"), removedBlock: 41n },
    ]);
    expect(now.fees).toBe(3);
    expect(now.validators).toMatchObject([
      { publicKey: "ab".repeat(48), owner: OWNER, operatorIds: "1,2,3,4", removedBlock: 40n },
    ]);
    expect(now.snapshots).toEqual([
      "ValidatorAdded@20:1,2,3,4:1:true:0",
      "ClusterDeposited@21:1,2,3,4:1:true:10000000000000000000",
      "ValidatorRemoved@40:1,2,3,4:0:true:10000000000000000000",
      "ClusterLiquidated@42:1,2,3,4:0:false:0",
    ]);
  });

  it("writes nothing twice when the same logs are applied again", async () => {
    const before = await state();
    await apply(LOGS);
    expect(await state()).toEqual(before);
  });

  it("takes back exactly what blocks after a rewind point said, removals included", async () => {
    await storage.db.transaction((tx) => rewindSsv(tx, scope, 29n));
    const now = await state();
    expect(now.operators.map((row) => [row.operatorId, row.removedBlock])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(now.fees).toBe(2);
    expect(now.validators).toMatchObject([{ removedBlock: null }]);
    expect(now.snapshots).toEqual([
      "ValidatorAdded@20:1,2,3,4:1:true:0",
      "ClusterDeposited@21:1,2,3,4:1:true:10000000000000000000",
    ]);
    // Replaying the replaced range brings the same state back.
    await apply(LOGS.filter((log) => (log.blockNumber as bigint) > 29n));
    expect((await state()).snapshots).toHaveLength(4);
  });

  it("keeps a key registered again listed when its earlier removal is replayed (a range indexed again)", async () => {
    const again = ssvLog(
      "ValidatorAdded",
      { owner: OWNER, operatorIds: ids, publicKey: KEY, shares: "0x1234", cluster: cluster(1, 0n) },
      50n,
      0,
    );
    await apply([again]);
    await apply(LOGS);
    expect((await state()).validators.map((row) => [row.blockNumber, row.removedBlock])).toEqual([
      [20n, 40n],
      [50n, null],
    ]);
  });
});
