import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networksInHomeOrder } from "../../src/generated/index.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { ApiError } from "../http/api-error.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { depositedKeys, validatorKeys } from "../storage/schema.ts";
import { reserveDepositKeys } from "./reserve-deposit-keys.ts";
import { resolveDepositPlan } from "./resolve-deposit-plan.ts";

const MAINNET = "stake-deposit-keys:v1:ethereum:mainnet";
const HOODI = "stake-deposit-keys:v1:ethereum:hoodi";
const owner = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const unlimited = { perOwner: 1_000_000, total: 1_000_000 };

const plan = (who: string, environment: string, validatorCount: number, idempotencyKey: string) =>
  resolveDepositPlan(
    { owner: who, network: "ethereum", environment, credentialType: "0x01", validatorCount, idempotencyKey },
    networksInHomeOrder,
    ["mainnet", "testnet"],
  );

const reserve = (
  storage: Storage,
  input: { who: string; environment?: string; count?: number; key: string },
  caps = unlimited,
) => {
  const environment = input.environment ?? "mainnet";
  return reserveDepositKeys(
    storage,
    {
      plan: plan(input.who, environment, input.count ?? 1, input.key),
      idempotencyKey: input.key,
      branch: environment === "mainnet" ? MAINNET : HOODI,
    },
    caps,
  );
};

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === "fulfilled" ? "reserved" : result.reason instanceof ApiError ? result.reason.code : "error";

const backends: Array<{ name: string; open: () => Promise<{ storage: Storage; stop: () => Promise<void> }> }> = [
  {
    name: "PGlite",
    open: async () => {
      const storage = await openStorage({ dataDir: "memory://" });
      return { storage, stop: () => storage.close() };
    },
  },
];
if (postgresAvailable) {
  backends.push({
    name: "a PostgreSQL server",
    open: async () => {
      const server: PostgresServer = await startPostgres();
      const storage = await openStorage({ databaseUrl: server.url, dataDir: "unused" });
      return {
        storage,
        stop: async () => {
          await storage.close();
          await server.stop();
        },
      };
    },
  });
}

describe.each(backends)("reserving deposit keys on $name", ({ open }) => {
  let storage: Storage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await open());
  }, 60_000);
  afterAll(() => stop?.());

  it("never gives a key index of an environment twice, even to 20 concurrent requests, and keeps environments apart", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        reserve(storage, { who: owner(1000 + n), count: 2, key: `concurrent-${n}` }),
      ),
    );
    const indexes = results.flatMap(({ request }) => [request.firstKeyIndex, (request.firstKeyIndex as number) + 1]);
    expect(indexes.sort((a, b) => (a as number) - (b as number))).toEqual(Array.from({ length: 40 }, (_, n) => n));
    const hoodi = await reserve(storage, { who: owner(1000), environment: "hoodi", key: "hoodi-first" });
    expect(hoodi.request).toMatchObject({ seedBranch: HOODI, firstKeyIndex: 0 });
  });

  it("answers a request already stored with it, without reserving again", async () => {
    const first = await reserve(storage, { who: owner(2000), count: 3, key: "stored-once" });
    const again = await reserve(storage, { who: owner(2000), count: 3, key: "stored-once" });
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.request.id).toBe(first.request.id);
    const next = await reserve(storage, { who: owner(2001), key: "after-stored-once" });
    expect(next.request.firstKeyIndex).toBe((first.request.firstKeyIndex as number) + 3);
  });

  it("holds an owner's cap on keys never deposited exactly, even under 10 concurrent requests", async () => {
    const caps = { perOwner: 5, total: 1_000_000 };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => reserve(storage, { who: owner(3000), key: `owner-cap-${n}` }, caps)),
    );
    expect(results.map(codeOf).sort()).toEqual([
      ...Array(5).fill("reserved"),
      ...Array(5).fill("undeposited_keys_limit"),
    ]);
  });

  it("holds the cap on all owners' keys never deposited in one environment, and frees a key once it is deposited", async () => {
    const environment = "hoodi";
    const used = 1; // the first test's hoodi request
    const caps = { perOwner: 1_000_000, total: used + 4 };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        reserve(storage, { who: owner(4000 + n), environment, key: `total-cap-${n}` }, caps),
      ),
    );
    expect(results.map(codeOf).sort()).toEqual([
      ...Array(4).fill("reserved"),
      ...Array(4).fill("undeposited_keys_total_limit"),
    ]);
    const refused = await reserve(storage, { who: owner(4100), environment, key: "total-cap-after" }, caps).catch(
      (error: ApiError) => error,
    );
    expect(refused).toMatchObject({ statusCode: 409, code: "undeposited_keys_total_limit", field: "environment" });

    // The indexer sees one of those keys deposited: it no longer counts, so one more fits.
    const taken = results.find((result) => result.status === "fulfilled");
    const request = (taken as PromiseFulfilledResult<Awaited<ReturnType<typeof reserve>>>).value.request;
    const pubkey = "ab".repeat(48);
    await storage.db.insert(validatorKeys).values({
      requestId: request.id,
      position: 0,
      seedBranch: HOODI,
      keyIndex: request.firstKeyIndex as number,
      pubkey,
      depositData: { pubkey },
    });
    await storage.db.insert(depositedKeys).values({
      network: "ethereum",
      environment,
      pubkey,
      txHash: `0x${"56".repeat(32)}`,
      blockNumber: 30n,
    });
    const after = await reserve(storage, { who: owner(4100), environment, key: "total-cap-after" }, caps);
    expect(after.created).toBe(true);
  });
});
