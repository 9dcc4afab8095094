import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawalCredentials } from "../../src/core/deposit/index.ts";
import { steadyValidatorDay } from "../../tests/support/steady-validator-day.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { operations, ownerDailyRewards, validators } from "../storage/schema.ts";
import { recordDailyRewards } from "./record-daily-rewards.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const STRANGER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;
const DAYS = 40;
const scope = `owner=${OWNER}&network=ethereum&environment=devnet`;
const dayOf = (index: number) => new Date(Date.UTC(2026, 9, 1 + index)).toISOString().slice(0, 10);
/** The epoch at the end of day `index` on mainnet's clock: 225 epochs a day. */
const epochOf = (index: number) => 225n * BigInt(index + 1);

let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet" }), storage, {
    logger: false,
  });
  const credentials = Buffer.from(withdrawalCredentials("0x01", OWNER)).toString("hex");
  const inserted = await storage.db
    .insert(validators)
    .values(
      ["aa", "bb"].map((fill, position) => ({
        network: "ethereum",
        environment: "devnet",
        pubkey: fill.repeat(48),
        validatorIndex: position,
        owner: OWNER,
        withdrawalCredentials: credentials,
        status: "active_ongoing",
        balanceGwei: 32n * GWEI,
      })),
    )
    .returning({ id: validators.id });
  // Each validator earns 0.002 ETH a day on the consensus layer; the owner gets 0.001 ETH a day of execution rewards.
  for (let day = 0; day < DAYS; day++) {
    await recordDailyRewards(storage, {
      network: "ethereum",
      environment: "devnet",
      day: dayOf(day),
      epoch: epochOf(day),
      validators: inserted.map(({ id }) => steadyValidatorDay(id, OWNER, day, 2_000_000n)),
      executionRewardsWei: new Map([[OWNER, ETH / 1000n]]),
    });
  }
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const get = (url: string) => app.inject({ method: "GET", url });

describe("rewards summary", () => {
  it("adds up consensus and execution rewards and annualises the last 30 days", async () => {
    const response = await get(`/rewards/summary?${scope}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      asOf: dayOf(DAYS - 1),
      validatorCount: 2,
      stakedWei: (64n * ETH).toString(),
      depositedWei: (64n * ETH).toString(),
      withdrawnPrincipalWei: "0",
      exitedPrincipalWei: "0",
      consensusRewardsWei: ((ETH * 160n) / 1000n).toString(), // 40 days × 2 validators × 0.002
      executionRewardsWei: ((ETH * 40n) / 1000n).toString(), // 40 days × 0.001
      earnedWei: ((ETH * 200n) / 1000n).toString(),
      totalWei: (64n * ETH + (ETH * 200n) / 1000n).toString(),
      dailyIncomeWei: ((ETH * 5n) / 1000n).toString(),
      weeklyIncomeWei: ((ETH * 35n) / 1000n).toString(),
      monthlyIncomeWei: ((ETH * 150n) / 1000n).toString(),
      // 0.15 ETH in 30 days (6,750 epochs) on 64 ETH: 0.15 × 82,181.25 / 6,750 / 64 = 2.8535 %
      averageApr: "2.85",
    });
  });

  it("replaces a day recorded again instead of counting it twice", async () => {
    const [first] = await storage.db.select({ id: validators.id }).from(validators);
    await recordDailyRewards(storage, {
      network: "ethereum",
      environment: "devnet",
      day: dayOf(DAYS - 1),
      epoch: epochOf(DAYS - 1),
      validators: [steadyValidatorDay(first?.id ?? 0, OWNER, DAYS - 1, 2_000_000n)],
      executionRewardsWei: new Map([[OWNER, ETH / 1000n]]),
    });
    const summary = (await get(`/rewards/summary?${scope}`)).json();
    expect(summary.dailyIncomeWei).toBe(((ETH * 3n) / 1000n).toString());
    expect(summary.validatorCount).toBe(1);
    expect(summary.consensusRewardsWei).toBe(((ETH * 158n) / 1000n).toString());
  });

  it("shows nothing, and no APR, for an owner without validators", async () => {
    const summary = (await get(`/rewards/summary?owner=${STRANGER}&network=ethereum&environment=devnet`)).json();
    expect(summary).toMatchObject({ asOf: null, validatorCount: 0, earnedWei: "0", averageApr: null });
  });
});

describe("rewards history", () => {
  it("pages newest first by default and oldest first on request, within a date range", async () => {
    const newest = (await get(`/rewards/history?${scope}&pageSize=7`)).json();
    expect(newest).toMatchObject({ total: DAYS, page: 1, pageSize: 7 });
    expect(newest.rows.map((row: { day: string }) => row.day)).toEqual(
      Array.from({ length: 7 }, (_, index) => dayOf(DAYS - 1 - index)),
    );
    const ranged = (
      await get(`/rewards/history?${scope}&from=${dayOf(10)}&to=${dayOf(19)}&order=asc&page=2&pageSize=4`)
    ).json();
    expect(ranged.total).toBe(10);
    expect(ranged.rows.map((row: { day: string }) => row.day)).toEqual([dayOf(14), dayOf(15), dayOf(16), dayOf(17)]);
    expect(ranged.rows[0]).toMatchObject({ validatorCount: 2, totalRewardWei: ((ETH * 5n) / 1000n).toString() });
  });

  it("downloads the same rows as CSV, amounts in wei", async () => {
    const response = await get(`/rewards/history.csv?${scope}&from=${dayOf(0)}&to=${dayOf(2)}&order=asc`);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain("attachment");
    expect(response.body.split("\r\n")).toEqual([
      "day,validator_count,staked_wei,consensus_reward_wei,execution_reward_wei,total_reward_wei," +
        "balance_start_wei,deposits_wei,withdrawals_wei,balance_end_wei,withdrawn_principal_wei,exited_principal_wei",
      ...[0, 1, 2].map((day) => {
        // Two 32 ETH validators earning 0.002 ETH a day each, deposited on day 0.
        const start = day === 0 ? 0n : 64n * ETH + (BigInt(day) * 4n * ETH) / 1000n;
        const end = 64n * ETH + (BigInt(day + 1) * 4n * ETH) / 1000n;
        const deposits = day === 0 ? 64n * ETH : 0n;
        const rewards = `${(ETH * 4n) / 1000n},${ETH / 1000n},${(ETH * 5n) / 1000n}`;
        return `${dayOf(day)},2,${64n * ETH},${rewards},${start},${deposits},0,${end},0,0`;
      }),
      "",
    ]);
  });

  it("lists only the days with a reward of the type asked for, in the page and in the CSV", async () => {
    const MIXED = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const row = (day: string, consensusRewardGwei: bigint, executionRewardWei: bigint) => ({
      network: "ethereum",
      environment: "devnet",
      owner: MIXED,
      day,
      stakedGwei: 32n * GWEI,
      consensusRewardGwei,
      executionRewardWei: executionRewardWei.toString(),
      validatorCount: 1,
    });
    // Long before the other rows, so the network's measured APR (last 30 days) is not moved.
    await storage.db
      .insert(ownerDailyRewards)
      .values([
        row("2025-01-01", 3_000_000n, 0n),
        row("2025-01-02", 0n, ETH / 100n),
        row("2025-01-03", 2_000_000n, ETH / 50n),
      ]);
    const mixed = `owner=${MIXED}&network=ethereum&environment=devnet&order=asc`;
    const days = async (type: string) => {
      const answer = (await get(`/rewards/history?${mixed}${type ? `&type=${type}` : ""}`)).json();
      return { total: answer.total, days: answer.rows.map((entry: { day: string }) => entry.day) };
    };
    expect(await days("")).toEqual({ total: 3, days: ["2025-01-01", "2025-01-02", "2025-01-03"] });
    expect(await days("all")).toEqual({ total: 3, days: ["2025-01-01", "2025-01-02", "2025-01-03"] });
    expect(await days("consensus")).toEqual({ total: 2, days: ["2025-01-01", "2025-01-03"] });
    expect(await days("execution")).toEqual({ total: 2, days: ["2025-01-02", "2025-01-03"] });
    const csv = (await get(`/rewards/history.csv?${mixed}&type=execution`)).body.split("\r\n");
    expect(csv.slice(1, -1).map((line) => line.split(",")[0])).toEqual(["2025-01-02", "2025-01-03"]);
    const bad = await get(`/rewards/history?${mixed}&type=staking`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("type");
  });

  it("rejects bad owners, networks, environments, dates and pages with the field at fault", async () => {
    const cases: Array<[string, string]> = [
      ["owner=0x12&network=ethereum&environment=devnet", "owner"],
      [`owner=${OWNER}&network=avalanche&environment=devnet`, "network"],
      [`owner=${OWNER}&network=ethereum`, "environment"],
      [`${scope}&from=2026-13-45`, "from"],
      [`${scope}&from=${dayOf(5)}&to=${dayOf(1)}`, "from"],
      [`${scope}&pageSize=0`, "pageSize"],
      [`${scope}&order=sideways`, "order"],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/rewards/history?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});

describe("validators, operations and network stats", () => {
  it("lists the owner's validators with the withdrawal address read from their credentials", async () => {
    const { validators: list } = (await get(`/validators?${scope}`)).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      index: 0,
      pubkey: `0x${"aa".repeat(48)}`,
      depositAddress: OWNER,
      withdrawalAddress: OWNER,
      status: "active_ongoing",
    });
    expect((await get(`/validators?owner=${STRANGER}&network=ethereum&environment=devnet`)).json().validators).toEqual(
      [],
    );
  });

  it("lists operations newest first with their transactions", async () => {
    const base = {
      network: "ethereum",
      environment: "devnet",
      owner: OWNER,
      status: "confirmed" as const,
      details: {},
    };
    await storage.db.insert(operations).values([
      {
        ...base,
        kind: "stake",
        txHash: `0x${"01".repeat(32)}`,
        logIndex: 0,
        blockNumber: 10n,
        amountWei: (64n * ETH).toString(),
        occurredAt: new Date("2026-10-01T00:00:00Z"),
      },
      {
        ...base,
        kind: "claim",
        txHash: `0x${"02".repeat(32)}`,
        logIndex: 1,
        blockNumber: 20n,
        amountWei: (ETH / 100n).toString(),
        occurredAt: new Date("2026-10-20T00:00:00Z"),
      },
    ]);
    const { operations: list, total } = (await get(`/operations?${scope}`)).json();
    expect(total).toBe(2);
    expect(list.map((operation: { kind: string }) => operation.kind)).toEqual(["claim", "stake"]);
    expect(list[1]).toMatchObject({
      txHash: `0x${"01".repeat(32)}`,
      blockNumber: "10",
      amountWei: (64n * ETH).toString(),
    });
  });

  it("reports the APR measured from snapshots next to the configured one", async () => {
    // Execution rewards paid to an address without stake are no staking yield: they do not move the APR.
    await storage.db.insert(ownerDailyRewards).values({
      network: "ethereum",
      environment: "devnet",
      owner: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
      day: dayOf(DAYS - 1),
      stakedGwei: 0n,
      consensusRewardGwei: 0n,
      executionRewardWei: (10n * ETH).toString(),
      validatorCount: 0,
    });
    const { networks } = (await get("/stats/networks")).json();
    const ethereum = networks.find((entry: { network: string }) => entry.network === "ethereum");
    const devnet = ethereum.environments.find((entry: { environment: string }) => entry.environment === "devnet");
    expect(Number(devnet.measuredApr)).toBeGreaterThan(2);
    expect(Number(devnet.measuredApr)).toBeLessThan(3.5);
    expect(
      ethereum.environments.find((entry: { environment: string }) => entry.environment === "mainnet").measuredApr,
    ).toBeNull();
  });

  it("reports the total staked per environment: the latest balances of validators that still stake", async () => {
    const hoodi = (fill: string, status: string, balanceGwei: bigint) => ({
      network: "ethereum",
      environment: "hoodi",
      pubkey: fill.repeat(48),
      owner: STRANGER,
      withdrawalCredentials: "00".repeat(32),
      status,
      balanceGwei,
    });
    await storage.db
      .insert(validators)
      .values([
        hoodi("c1", "active_ongoing", 32_010_000_000n),
        hoodi("c2", "pending_queued", 32n * GWEI),
        hoodi("c3", "exited_unslashed", 32n * GWEI),
        hoodi("c4", "withdrawal_done", 0n),
      ]);
    const { networks } = (await get("/stats/networks")).json();
    const ethereum = networks.find((entry: { network: string }) => entry.network === "ethereum");
    const totals = Object.fromEntries(
      ethereum.environments.map((entry: { environment: string; totalStakedWei: string }) => [
        entry.environment,
        entry.totalStakedWei,
      ]),
    );
    expect(totals).toEqual({ mainnet: "0", hoodi: "64010000000000000000", devnet: "64000000000000000000" });
  });
});
