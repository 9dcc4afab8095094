import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validators } from "../storage/schema.ts";

const OWNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const SCOPE = `owner=${OWNER}&network=ethereum&environment=devnet`;

let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet" }), storage, {
    logger: false,
  });
  await storage.db.insert(validators).values({
    network: "ethereum",
    environment: "devnet",
    pubkey: "aa".repeat(48),
    owner: OWNER,
    withdrawalCredentials: `01${"00".repeat(11)}${"3c44cdddb6a900fa2b585dd299e03d12fa4293bc"}`,
    status: "deposited",
    balanceGwei: 32_000_000_001n,
  });
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const get = (url: string) => app.inject({ method: "GET", url });

describe("business API routes served from the shared zod contract", () => {
  it("answers a malformed query with 400 naming the field and what is expected", async () => {
    const page = await get(`/rewards/history?${SCOPE}&page=0`);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({
      code: "invalid_query",
      message: 'querystring field "page" expected a whole number from 1 to 100000',
      field: "page",
    });
    const owner = await get("/validators?owner=0x12&network=ethereum&environment=devnet");
    expect(owner.json()).toEqual({
      code: "invalid_query",
      message: 'querystring field "owner" expected an address, 0x and 40 hexadecimal digits',
      field: "owner",
    });
    const range = await get(`/rewards/history?${SCOPE}&from=2026-11-10&to=2026-11-01`);
    expect(range.json()).toMatchObject({ field: "from", message: expect.stringContaining("no later than to") });
    const order = await get(`/operations?${SCOPE}&pageSize=101`);
    expect(order.json()).toMatchObject({ code: "invalid_query", field: "pageSize" });
  });

  it("answers a malformed body with 400 naming the field", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/contact",
      payload: { type: "feedback", name: "Ada", message: "x".repeat(5001) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "invalid_request",
      message: 'body field "message" expected at most 5000 characters',
      field: "message",
    });
  });

  it("writes amounts held as bigints as decimal strings of wei", async () => {
    const response = await get(`/validators?${SCOPE}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().validators).toEqual([
      expect.objectContaining({ balanceWei: "32000000001000000000", withdrawalAddress: OWNER, status: "deposited" }),
    ]);
  });

  it("documents queries, bodies and answers in /docs/json from the same schemas", async () => {
    const document = (await get("/docs/json")).json();
    const history = document.paths["/rewards/history"].get;
    const parameters = Object.fromEntries(
      history.parameters.map((parameter: { name: string; required?: boolean; schema: object }) => [
        parameter.name,
        parameter,
      ]),
    );
    expect(parameters.owner).toMatchObject({ in: "query", required: true, description: "The staker's address." });
    expect(parameters.type.schema).toMatchObject({ enum: ["all", "consensus", "execution"], default: "all" });
    expect(parameters.pageSize).toMatchObject({ required: false, description: "1 to 366, default 30." });
    const row = history.responses["200"].content["application/json"].schema.properties.rows.items;
    expect(row.properties.totalRewardWei).toMatchObject({ type: "string", pattern: "^-?\\d+$" });
    const contact = document.paths["/contact"].post.requestBody.content["application/json"].schema;
    expect(contact).toMatchObject({
      required: ["type", "name", "message"],
      additionalProperties: false,
      properties: { type: { enum: ["technical", "feedback"] }, message: { maxLength: 5000 } },
    });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/stats/networks", "/operations", "/deposit-data", "/siwe/verify", "/rewards/summary"]),
    );
  });
});
