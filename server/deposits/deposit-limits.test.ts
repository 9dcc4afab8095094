import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { depositedKeys } from "../storage/schema.ts";

const owner = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

let storage: Storage;
let app: FastifyInstance;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      DEPOSIT_VALIDATORS_PER_MINUTE: "100",
      DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER: "70",
    }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const post = (client: string, body: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/deposit-data",
    remoteAddress: client,
    payload: { network: "ethereum", environment: "devnet", ...body },
  });

describe("deposit-data limits counted in validators", () => {
  it("allows one address 100 new validators a minute, counts a retry of a request no more, and other addresses apart", async () => {
    const client = "10.0.0.1";
    const first = await post(client, {
      owner: owner(1),
      credentialType: "0x01",
      validatorCount: 64,
      idempotencyKey: "minute-1",
    });
    expect(first.statusCode).toBe(201);

    const second = await post(client, {
      owner: owner(2),
      credentialType: "0x01",
      validatorCount: 64,
      idempotencyKey: "minute-2",
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: "deposit_validators_rate_limited",
      field: "validatorCount",
      message: expect.stringContaining("at most 100 new validators a minute"),
    });
    expect(Number(second.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(second.headers["retry-after"])).toBeLessThanOrEqual(60);

    // 64 + 36 = 100 fits; the retry of the first request is answered again without counting it.
    const fits = await post(client, {
      owner: owner(2),
      credentialType: "0x01",
      validatorCount: 36,
      idempotencyKey: "minute-3",
    });
    expect(fits.statusCode).toBe(201);
    const retry = await post(client, {
      owner: owner(1),
      credentialType: "0x01",
      validatorCount: 64,
      idempotencyKey: "minute-1",
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().depositData).toEqual(first.json().depositData);
    const full = await post(client, {
      owner: owner(3),
      credentialType: "0x02",
      amount: "32",
      idempotencyKey: "minute-4",
    });
    expect(full.statusCode).toBe(429);
    expect(full.json().field).toBe("amount");

    const elsewhere = await post("10.0.0.2", {
      owner: owner(4),
      credentialType: "0x01",
      validatorCount: 64,
      idempotencyKey: "minute-5",
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses an owner more than 70 keys never deposited, and counts a deposited key no more", async () => {
    const who = owner(10);
    const first = await post("10.0.1.1", {
      owner: who,
      credentialType: "0x01",
      validatorCount: 64,
      idempotencyKey: "owner-cap-1",
    });
    expect(first.statusCode).toBe(201);
    const refused = await post("10.0.1.2", {
      owner: who,
      credentialType: "0x01",
      validatorCount: 8,
      idempotencyKey: "owner-cap-2",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "undeposited_keys_limit",
      field: "owner",
      message: expect.stringContaining("already has 64 validator keys on Ethereum Devnet that were never deposited"),
    });

    // The indexer sees two of them deposited: 62 + 8 = 70 fits.
    for (const entry of first.json().depositData.slice(0, 2)) {
      await storage.db.insert(depositedKeys).values({
        network: "ethereum",
        environment: "devnet",
        pubkey: entry.pubkey,
        txHash: `0x${"56".repeat(32)}`,
        blockNumber: 30n,
      });
    }
    const after = await post("10.0.1.2", {
      owner: who,
      credentialType: "0x01",
      validatorCount: 8,
      idempotencyKey: "owner-cap-2",
    });
    expect(after.statusCode).toBe(201);
  });
});

describe("deposit-data key threads", () => {
  it("answers 503 with Retry-After when one thread is busy and 64 validators already wait, and the retry succeeds", async () => {
    const busyStorage = await openStorage({ dataDir: "memory://" });
    const busy = await buildServer(
      parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", DEPOSIT_WORKERS: "1", DEPOSIT_QUEUE_VALIDATORS: "64" }),
      busyStorage,
      { logger: false },
    );
    try {
      const request = (n: number) =>
        busy.inject({
          method: "POST",
          url: "/deposit-data",
          remoteAddress: `10.0.2.${n}`,
          payload: {
            owner: owner(100 + n),
            network: "ethereum",
            environment: "devnet",
            credentialType: "0x01",
            validatorCount: 64,
            idempotencyKey: `queue-key-${n}`,
          },
        });
      const responses = await Promise.all([1, 2, 3].map(request));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 503]);
      const refusedAt = responses.findIndex((response) => response.statusCode === 503);
      const refused = responses[refusedAt];
      expect(refused?.json()).toMatchObject({
        code: "deposit_queue_full",
        message: expect.stringContaining("retry in"),
      });
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      const retried = await request(refusedAt + 1);
      expect([200, 201]).toContain(retried.statusCode);
      expect(retried.json().depositData).toHaveLength(64);
    } finally {
      await busy.close();
      await busyStorage.close();
    }
  });
});
