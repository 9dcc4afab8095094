import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { ssvValidators, validators } from "../storage/schema.ts";

const STAKER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const STRANGER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

let storage: Storage;
let app: FastifyInstance;

const validator = (pubkey: string, environment: string) => ({
  network: "ethereum",
  environment,
  pubkey,
  owner: STAKER,
  withdrawalCredentials: `02${"00".repeat(11)}${STAKER.slice(2).toLowerCase()}`,
  status: "active_ongoing",
  balanceGwei: 32_000_000_000n,
});

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      // The eSpace devnet pool's chain, at an address where nothing answers.
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: "http://127.0.0.1:9",
    }),
    storage,
    { logger: false },
  );
  await storage.db
    .insert(validators)
    .values([
      validator("aa".repeat(48), "devnet"),
      validator("bb".repeat(48), "devnet"),
      validator("cc".repeat(48), "hoodi"),
    ]);
  await storage.db.insert(ssvValidators).values({
    network: "ethereum",
    environment: "devnet",
    publicKey: "dd".repeat(48),
    owner: STAKER,
    operatorIds: "1,2,3,4",
    txHash: `0x${"12".repeat(32)}`,
    logIndex: 0,
    blockNumber: 10n,
  });
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const get = (owner: string) => app.inject({ method: "GET", url: `/stake-positions?owner=${owner}` });

describe("GET /stake-positions", () => {
  it("lists every network where the address has a stake, with what and how many", async () => {
    const response = await get(STAKER.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      positions: [
        { network: "ethereum", subNetwork: null, environment: "devnet", kind: "validators", count: 2 },
        { network: "ethereum", subNetwork: null, environment: "devnet", kind: "ssv-validators", count: 1 },
      ],
      // The pool's chain did not answer: a stake there may be missing, and the answer says so.
      unreadable: [{ network: "conflux", subNetwork: "espace", environment: "devnet" }],
    });
  });

  it("answers no positions for an address without a stake", async () => {
    expect((await get(STRANGER)).json()).toMatchObject({ positions: [] });
  });

  it("refuses an owner that is not an address, naming the field and what it expects", async () => {
    const response = await get("0x1234");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "invalid_query",
      field: "owner",
      message: 'querystring field "owner" expected an address, 0x and 40 hexadecimal digits',
    });
    expect((await app.inject({ method: "GET", url: "/stake-positions" })).statusCode).toBe(400);
  });

  it("is described in the OpenAPI document", async () => {
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    expect(document.paths["/stake-positions"]?.get?.parameters?.map((parameter) => parameter.name)).toEqual(["owner"]);
  });
});
