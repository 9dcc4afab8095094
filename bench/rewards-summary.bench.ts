import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { recordDailyRewards } from "../server/rewards/record-daily-rewards.ts";
import { openStorage } from "../server/storage/database.ts";
import { validators } from "../server/storage/schema.ts";
import { steadyValidatorDay } from "../tests/support/steady-validator-day.ts";
import type { BenchResult } from "./measure.ts";

const VALIDATORS = 1_000;
const DAYS = 365;
const REQUESTS = 400;
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

/**
 * GET /rewards/summary for an owner with 1,000 validators and 365 daily snapshots each, on PGlite, against the
 * trivial /health route in the same run. Goal: p95 ≤ 20 ms.
 */
export async function benchRewardsSummary(): Promise<BenchResult> {
  const storage = await openStorage({ dataDir: "memory://" });
  const app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet" }), storage, {
    logger: false,
  });
  try {
    const rows = await storage.db
      .insert(validators)
      .values(
        Array.from({ length: VALIDATORS }, (_, index) => ({
          network: "ethereum",
          environment: "devnet",
          pubkey: index.toString(16).padStart(96, "0"),
          validatorIndex: index,
          owner: OWNER,
          withdrawalCredentials: `01${"00".repeat(11)}${OWNER.slice(2).toLowerCase()}`,
          status: "active_ongoing",
          balanceGwei: 32_000_000_000n,
        })),
      )
      .returning({ id: validators.id });
    const seedStarted = performance.now();
    for (let day = 0; day < DAYS; day++) {
      await recordDailyRewards(storage, {
        network: "ethereum",
        environment: "devnet",
        day: new Date(Date.UTC(2025, 10, 1 + day)).toISOString().slice(0, 10),
        // Mainnet's clock: 225 epochs a day.
        epoch: 225n * BigInt(day + 1),
        validators: rows.map(({ id }) => steadyValidatorDay(id, OWNER, day, 2_500_000n)),
        executionRewardsWei: new Map([[OWNER, 10n ** 15n]]),
      });
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const time = async (url: string) => {
      const samples: number[] = [];
      for (let request = 0; request < REQUESTS; request++) {
        const started = performance.now();
        const response = await app.inject({ method: "GET", url });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        samples.push(performance.now() - started);
      }
      return samples;
    };
    const summaryUrl = `/rewards/summary?owner=${OWNER}&network=ethereum&environment=devnet`;
    await time(summaryUrl); // warm-up
    const health = await time("/health");
    const summary = await time(summaryUrl);
    const healthP95 = percentile(health, 0.95);
    const summaryP95 = percentile(summary, 0.95);
    return {
      name: `rewards summary p95 (${VALIDATORS} validators × ${DAYS} days on PGlite)`,
      baselineName: "GET /health p95",
      baselineMs: healthP95,
      measuredMs: summaryP95,
      ratio: summaryP95 / healthP95,
      goal: 20 / healthP95,
      notes: `absolute goal p95 ≤ 20 ms: ${summaryP95 <= 20 ? "met" : "NOT met"}; median ${percentile(summary, 0.5).toFixed(2)} ms; ${REQUESTS} requests each; seeding ${VALIDATORS * DAYS} snapshots took ${seedSeconds.toFixed(0)} s`,
    };
  } finally {
    await app.close();
    await storage.close();
  }
}
