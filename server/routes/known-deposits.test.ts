import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { depositedKeys, pendingDeposits } from "../storage/schema.ts";

const DEPOSITED = "aa".repeat(48);
const ON_OTHER_ENVIRONMENT = "bb".repeat(48);
const FRESH = "cc".repeat(48);
const PENDING = "dd".repeat(48);
const PENDING_TX = `0x${"12".repeat(32)}`;
const DEPOSIT_TX = `0x${"34".repeat(32)}`;

let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet" }), storage, {
    logger: false,
  });
  await storage.db.insert(depositedKeys).values(
    [
      [DEPOSITED, "devnet"],
      [ON_OTHER_ENVIRONMENT, "hoodi"],
    ].map(([pubkey, environment]) => ({
      network: "ethereum",
      environment: environment as string,
      pubkey: pubkey as string,
      txHash: DEPOSIT_TX,
      blockNumber: 30n,
    })),
  );
  await storage.db.insert(pendingDeposits).values({
    network: "ethereum",
    environment: "devnet",
    pubkey: PENDING,
    txHash: PENDING_TX,
    logIndex: 0,
    blockNumber: 40n,
  });
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const get = (query: string) => app.inject({ method: "GET", url: `/deposits/known?${query}` });

describe("GET /deposits/known", () => {
  it("names the asked public keys that already have a deposit on that environment, whoever made it", async () => {
    const response = await get(`network=ethereum&environment=devnet&pubkeys=0x${FRESH},0x${DEPOSITED.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      known: [DEPOSITED],
      pending: [],
      deposits: [{ pubkey: DEPOSITED, txHash: DEPOSIT_TX, status: "confirmed" }],
    });
    // A deposit on another environment is not one here.
    expect((await get(`network=ethereum&environment=devnet&pubkeys=${ON_OTHER_ENVIRONMENT}`)).json()).toEqual({
      known: [],
      pending: [],
      deposits: [],
    });
  });

  it("also names keys deposited in blocks the indexer has not confirmed yet, as pending, with their transaction", async () => {
    const response = await get(`network=ethereum&environment=devnet&pubkeys=${PENDING},${FRESH},${DEPOSITED}`);
    expect(response.json()).toEqual({
      known: [PENDING, DEPOSITED],
      pending: [PENDING],
      deposits: [
        { pubkey: PENDING, txHash: PENDING_TX, status: "pending" },
        { pubkey: DEPOSITED, txHash: DEPOSIT_TX, status: "confirmed" },
      ],
    });
  });

  it("refuses malformed or too many keys and networks without validator deposits, naming the field", async () => {
    expect((await get("network=ethereum&environment=devnet&pubkeys=abc")).json()).toMatchObject({
      code: "invalid_query",
      field: "pubkeys",
    });
    const many = Array.from({ length: 65 }, () => FRESH).join(",");
    expect((await get(`network=ethereum&environment=devnet&pubkeys=${many}`)).statusCode).toBe(400);
    expect((await get(`network=conflux&environment=devnet&pubkeys=${FRESH}`)).json()).toMatchObject({
      field: "network",
      message: 'network: expected "ethereum"',
    });
    expect((await get(`network=ethereum&environment=sepolia&pubkeys=${FRESH}`)).json()).toMatchObject({
      field: "environment",
    });
    expect((await get("network=ethereum&environment=devnet")).statusCode).toBe(400);
  });

  it("is described in the OpenAPI document, pending deposits included", async () => {
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<
        string,
        {
          get?: {
            parameters?: { name: string }[];
            responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
          };
        }
      >;
    };
    const route = document.paths["/deposits/known"]?.get;
    expect(route?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["network", "environment", "pubkeys"]),
    );
    expect(Object.keys(route?.responses?.["200"]?.content?.["application/json"]?.schema?.properties ?? {})).toEqual([
      "known",
      "pending",
      "deposits",
    ]);
  });
});
