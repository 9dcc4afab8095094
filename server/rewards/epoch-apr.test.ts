import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { ownerDailyRewards, validators } from "../storage/schema.ts";
import { dailyMovement, NO_TOTALS, type ValidatorTotals } from "./daily-reward.ts";
import { recordDailyRewards } from "./record-daily-rewards.ts";

// The devnet's clock: 1-second slots, 4-slot epochs, so a chain day is 21,600 epochs (96 mainnet days of 225).
const NEW_STAKER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const LONG_STAKER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const LEGACY = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const GWEI = 10n ** 9n;
const DEPOSIT_GWEI = 32n * GWEI;
/** What a 32 ETH validator earns an epoch on the devnet beside its 34 million ETH of background stake. */
const PER_EPOCH_GWEI = 11_104n;

let storage: Storage;
let app: FastifyInstance;
const ids = new Map<string, number>();
/** Each owner's validator totals at the end of each recorded day, as snapshotDay reads them. */
const recorded = new Map<string, Map<string, ValidatorTotals>>();

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), storage, { logger: false });
  const inserted = await storage.db
    .insert(validators)
    .values(
      [NEW_STAKER, LONG_STAKER].map((owner, position) => ({
        network: "ethereum",
        environment: "devnet",
        pubkey: String(position + 1).repeat(96),
        validatorIndex: position,
        owner,
        withdrawalCredentials: "00".repeat(32),
        status: "active_ongoing",
        balanceGwei: DEPOSIT_GWEI,
      })),
    )
    .returning({ id: validators.id, owner: validators.owner });
  for (const row of inserted) ids.set(row.owner, row.id);
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

/** Records `owner`'s validator on `day` at `epoch` with `balanceGwei` (a 32 ETH deposit credited, or none yet). */
async function read(owner: string, day: string, epoch: bigint, balanceGwei: bigint | null): Promise<void> {
  const totals: ValidatorTotals =
    balanceGwei === null ? NO_TOTALS : { ...NO_TOTALS, balanceGwei, depositedGwei: DEPOSIT_GWEI };
  const days = recorded.get(owner) ?? new Map<string, ValidatorTotals>();
  const earlier = [...days.keys()].filter((other) => other < day).sort();
  const start = days.get(earlier.at(-1) ?? "") ?? NO_TOTALS;
  await recordDailyRewards(storage, {
    network: "ethereum",
    environment: "devnet",
    day,
    epoch,
    validators: [
      {
        validatorId: ids.get(owner) ?? 0,
        owner,
        totals,
        movement: dailyMovement(start, totals),
        principalGwei: DEPOSIT_GWEI,
      },
    ],
    executionRewardsWei: new Map(),
  });
  recorded.set(owner, days.set(day, totals));
}

const summary = async (owner: string) =>
  (
    await app.inject({ method: "GET", url: `/rewards/summary?owner=${owner}&network=ethereum&environment=devnet` })
  ).json();

describe("a measured APR over the network's epochs", () => {
  it("measures a new stake from its first reading once 1,575 epochs passed, within one devnet chain day", async () => {
    // Read on the day of the deposit, before the Beacon API credits it: nothing earned yet.
    await read(NEW_STAKER, "2026-11-20", 500_000n, null);
    expect((await summary(NEW_STAKER)).averageApr).toBeNull();
    // 1,000 epochs later (about an hour of devnet time), the same chain day: not 7 days of 225 epochs yet.
    await read(NEW_STAKER, "2026-11-20", 501_000n, DEPOSIT_GWEI + 1_000n * PER_EPOCH_GWEI);
    expect((await summary(NEW_STAKER)).averageApr).toBeNull();
    // 2,000 epochs: 11,104 gwei × 82,181.25 / 32 ETH = 2.85 %.
    await read(NEW_STAKER, "2026-11-20", 502_000n, DEPOSIT_GWEI + 2_000n * PER_EPOCH_GWEI);
    const sameDay = await summary(NEW_STAKER);
    expect(sameDay.averageApr).toBe("2.85");
    expect(sameDay.dailyIncomeWei).toBe((2_000n * PER_EPOCH_GWEI * GWEI).toString());
  });

  it("counts a chain day that holds 96 days of epochs as those epochs, not as one day", async () => {
    // The next chain day: 21,600 more epochs at the same pace. Counted as one day of stake it would read 274 %.
    await read(NEW_STAKER, "2026-11-21", 523_600n, DEPOSIT_GWEI + 23_600n * PER_EPOCH_GWEI);
    const next = await summary(NEW_STAKER);
    expect(next.dailyIncomeWei).toBe((21_600n * PER_EPOCH_GWEI * GWEI).toString());
    expect(next.averageApr).toBe("2.85");
    const { networks } = (await app.inject({ method: "GET", url: "/stats/networks" })).json();
    const ethereum = networks.find((entry: { network: string }) => entry.network === "ethereum");
    expect(ethereum.environments).toEqual([
      { environment: "devnet", measuredApr: "2.85", totalStakedWei: (64n * GWEI * GWEI).toString() },
    ]);
  });

  it("leaves out of the rate what was earned before the server first read a validator", async () => {
    // First read with 1 ETH already earned (over epochs nobody recorded), then 2,000 epochs of 11,104 gwei.
    await read(LONG_STAKER, "2026-11-20", 600_000n, DEPOSIT_GWEI + GWEI);
    expect((await summary(LONG_STAKER)).averageApr).toBeNull();
    await read(LONG_STAKER, "2026-11-21", 602_000n, DEPOSIT_GWEI + GWEI + 2_000n * PER_EPOCH_GWEI);
    const long = await summary(LONG_STAKER);
    expect(long.consensusRewardsWei).toBe((GWEI * GWEI + 2_000n * PER_EPOCH_GWEI * GWEI).toString());
    expect(long.averageApr).toBe("2.85");
  });

  it("measures nothing from rows recorded without epochs", async () => {
    // Rows of a version that kept no epochs: 40 days at 2.85 %, summed but not measured.
    await storage.db.insert(ownerDailyRewards).values(
      Array.from({ length: 40 }, (_, index) => ({
        network: "ethereum",
        environment: "devnet",
        owner: LEGACY,
        day: new Date(Date.UTC(2026, 9, 12 + index)).toISOString().slice(0, 10),
        stakedGwei: DEPOSIT_GWEI,
        consensusRewardGwei: 225n * PER_EPOCH_GWEI,
        executionRewardWei: "0",
        validatorCount: 1,
      })),
    );
    const legacy = await summary(LEGACY);
    expect(legacy.consensusRewardsWei).toBe((40n * 225n * PER_EPOCH_GWEI * GWEI).toString());
    expect(legacy.averageApr).toBeNull();
  });
});
