import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

let storage: Storage;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), storage, { logger: false });
  base = (await app.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

describe("the server while it prepares validators", () => {
  it("keeps answering /health while a 64-validator deposit-data request is in flight", async () => {
    let finished: number | undefined;
    const started = performance.now();
    const deposit = fetch(`${base}/deposit-data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        network: "ethereum",
        environment: "devnet",
        credentialType: "0x01",
        validatorCount: 64,
        idempotencyKey: "event-loop-64",
      }),
    }).then((response) => {
      finished = performance.now();
      return response;
    });
    // One /health after another, for as long as the deposit request is in flight.
    const waits: number[] = [];
    while (finished === undefined) {
      const asked = performance.now();
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      if (finished === undefined) waits.push(performance.now() - asked);
    }
    const response = await deposit;
    expect(response.status).toBe(201);
    expect((await response.json()).depositData).toHaveLength(64);
    // Keys are derived and signed off the event loop: /health never waits for them. On the event loop, one
    // wait would span most of the request (the derivation and signing of all 64 keys in one piece).
    const requestTime = (finished as number) - started;
    expect(waits.length).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThan(requestTime / 4);
  });
});
