import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { beaconSnapshotQuery, beaconSnapshotResponse } from "../../src/core/api/beacon-snapshot.ts";
import { readBeaconSnapshot } from "./beacon-snapshot.ts";

/**
 * GET /beacon-snapshot against a Beacon API node on loopback answering the beacon-APIs shapes (decimal strings,
 * 0x hex) for one head state: mainnet's spec, head slot 9,600 (epoch 300), four validators, of which validator 3
 * (0x01) and validator 4 (0x02) belong to the owner and validator 5 is consolidating into validator 6.
 */

const FAR = "18446744073709551615";
const owner = "1111111111111111111111111111111111111111";
const pubkey = (n: number) => `0x${n.toString(16).padStart(96, "0")}`;
const validator = (
  index: number,
  type: "01" | "02",
  overrides: Record<string, string> = {},
  status = "active_ongoing",
) => ({
  index: String(index),
  balance: "32000000000",
  status,
  validator: {
    pubkey: pubkey(index),
    withdrawal_credentials: `0x${type}0000000000000000000000${owner}`,
    effective_balance: "32000000000",
    slashed: false,
    activation_eligibility_epoch: "5",
    activation_epoch: "10",
    exit_epoch: FAR,
    withdrawable_epoch: FAR,
    ...overrides,
  },
});
const all = [
  validator(3, "01"),
  validator(4, "02", {}, "active_ongoing"),
  validator(5, "02", { exit_epoch: "310", withdrawable_epoch: "566" }, "active_exiting"),
  validator(6, "02"),
];
// 34 million ETH active in all: the rest of the network as one entry, so the churn is mainnet's.
const network = {
  ...validator(100, "01"),
  validator: {
    ...validator(100, "01").validator,
    effective_balance: `${34_000_000n * 1_000_000_000n - 4n * 32_000_000_000n}`,
  },
};

const answers: Record<string, unknown> = {
  "/eth/v1/config/spec": { data: { SECONDS_PER_SLOT: "12", SLOTS_PER_EPOCH: "32", SHARD_COMMITTEE_PERIOD: "256" } },
  "/eth/v1/beacon/genesis": { data: { genesis_time: "1606824023" } },
  "/eth/v1/beacon/headers/head": { data: { header: { message: { slot: "9600" } } } },
  "/eth/v1/beacon/states/9600/finality_checkpoints": {
    data: { finalized: { epoch: "298", root: `0x${"00".repeat(32)}` } },
  },
  "/eth/v1/beacon/states/9600/pending_deposits": { data: [] },
  "/eth/v1/beacon/states/9600/pending_partial_withdrawals": {
    data: [{ validator_index: "4", amount: "250000000", withdrawable_epoch: "600" }],
  },
  "/eth/v1/beacon/states/9600/pending_consolidations": { data: [{ source_index: "5", target_index: "6" }] },
};
const seen: string[] = [];

function validatorsAnswer(query: URLSearchParams) {
  const statuses = query.get("status")?.split(",");
  const ids = query.get("id")?.split(",");
  return {
    data: [...all, network].filter(
      (entry) =>
        (!statuses || statuses.includes(entry.status)) &&
        (!ids || ids.some((id) => id === entry.index || id.toLowerCase() === entry.validator.pubkey)),
    ),
  };
}

let beacon: Server;
let url: string;

beforeAll(async () => {
  beacon = createServer((request, response) => {
    const asked = new URL(request.url ?? "/", "http://127.0.0.1");
    seen.push(`${asked.pathname}${asked.search}`);
    const body =
      asked.pathname === "/eth/v1/beacon/states/9600/validators"
        ? validatorsAnswer(asked.searchParams)
        : answers[asked.pathname];
    response.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(body ?? { code: 404, message: "not found" }));
  });
  await new Promise<void>((resolve) => beacon.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => beacon?.close(resolve));
});

/** The snapshot as the route serves it (its response schema's wire form) for `pubkey` and `target`. */
const get = async (pubkey?: string, target?: string) =>
  JSON.parse(JSON.stringify(z.encode(beaconSnapshotResponse, await readBeaconSnapshot(url, pubkey, target))));

describe("the /beacon-snapshot read for a consolidation", () => {
  it("gives the source and the target asked for by index, the pending consolidations, the consolidation churn and its queue", async () => {
    const body = await get(pubkey(3), "4");
    expect(body.validator).toMatchObject({
      index: 3,
      pubkey: pubkey(3),
      withdrawalCredentials: `0x010000000000000000000000${owner}`,
    });
    expect(body.target).toEqual({
      index: 4,
      pubkey: pubkey(4),
      status: "active_ongoing",
      withdrawalCredentials: `0x020000000000000000000000${owner}`,
      balanceGwei: "32000000000",
      effectiveBalanceGwei: "32000000000",
      activationEligibilityEpoch: "5",
      activationEpoch: "10",
      exitEpoch: FAR,
      withdrawableEpoch: FAR,
      pendingPartials: [{ amountGwei: "250000000", withdrawableEpoch: "600" }],
    });
    expect(body.pendingConsolidations).toEqual([{ sourceIndex: 5, targetIndex: 6 }]);
    // 34M ETH active: balance churn 518 ETH, 256 of it for activations and exits, 262 ETH for consolidations.
    expect(body.consolidationChurnLimitGwei).toBe("262000000000");
    // Validator 5's exit epoch comes from the consolidation churn: it is the consolidation queue's tail, not the exit queue's.
    expect(body.consolidationQueue).toEqual({ lastEpoch: "310", balanceAtLastEpochGwei: "32000000000" });
    // The exit queue holds the pending partial withdrawal only: withdrawable 600 less the 256-epoch delay.
    expect(body.exitQueue).toEqual({ lastEpoch: "344", balanceAtLastEpochGwei: "250000000" });
    expect(seen).toContain("/eth/v1/beacon/states/9600/validators?id=4");
  });

  it("finds the target by public key, and answers null for one the state does not know", async () => {
    expect((await get(pubkey(3), pubkey(6))).target).toMatchObject({ index: 6 });
    const unknown = await get(pubkey(3), pubkey(99));
    expect(unknown.target).toBeNull();
    expect(unknown.validator).toMatchObject({ index: 3 });
    expect(await get()).toMatchObject({ validator: null, target: null });
  });

  it("refuses a target that is neither an index nor a public key, saying what is expected", () => {
    const parsed = beaconSnapshotQuery.safeParse({ network: "ethereum", environment: "devnet", target: "0x1234" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([
      {
        path: ["target"],
        message: "expected a validator index (a whole number) or public key (0x and 96 hexadecimal digits)",
      },
    ]);
    expect(beaconSnapshotQuery.safeParse({ network: "ethereum", environment: "devnet", target: "42" }).success).toBe(
      true,
    );
  });
});
