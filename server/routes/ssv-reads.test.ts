import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { ssvClusterSnapshots, ssvOperatorFees, ssvOperators, ssvValidators } from "../storage/schema.ts";

const STAKER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OTHER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const scope = { network: "ethereum", environment: "devnet" };
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

let storage: Storage;
let app: FastifyInstance;
let postgres: PostgresServer | undefined;

/** The same reads on embedded PGlite and on a real PostgreSQL server (their drivers answer in other types). */
describe.each(postgresAvailable ? ["pglite", "postgres"] : ["pglite"])("on %s", (kind) => {
  beforeAll(async () => {
    if (kind === "postgres") postgres = await startPostgres();
    storage = await openStorage(postgres ? { databaseUrl: postgres.url, dataDir: "unused" } : { dataDir: "memory://" });
    // The devnet chain's only node is a closed port: reads that need the chain find it down.
    app = await buildServer(
      parseEnv({
        LOG_LEVEL: "silent",
        SERVE_KINDS: "mainnet,testnet,devnet",
        RPC_UPSTREAM_POLICY: "replace",
        RPC_UPSTREAMS_ETHEREUM_DEVNET: `http://127.0.0.1:${await freePort()}`,
      }),
      storage,
      { logger: false },
    );
    const operators: [number, string, string, bigint | null][] = [
      [1, "0x1111111111111111111111111111111111111111", "LS0tAAAA1", null],
      [2, "0x2222222222222222222222222222222222222222", "LS0tBBBB2", null],
      [3, "0x3333333333333333333333333333333333333333", "LS0tCCCC3", null],
      [4, "0xaBcDEF0123456789aBcDeF0123456789AbCdEf01", "LS0tDDDD4", null],
      [5, "0x5555555555555555555555555555555555555555", "LS0tEEEE5", 30n],
      [6, "0x6666666666666666666666666666666666666666", "LS0tFFFF6", null],
    ];
    await storage.db.insert(ssvOperators).values(
      operators.map(([operatorId, owner, publicKey, removedBlock]) => ({
        ...scope,
        operatorId,
        owner,
        publicKey,
        blockNumber: 10n,
        removedBlock,
      })),
    );
    const fees: [number, string, number][] = [
      [1, "382640000000", 10],
      [2, "100000000000", 10],
      [3, "500000000000", 10],
      [4, "50000000000", 10],
      [5, "1000000000000", 10],
      [6, "100000000000", 10],
      [2, "250000000000", 20], // operator 2's fee change, executed later
    ];
    await storage.db.insert(ssvOperatorFees).values(
      fees.map(([operatorId, feeWei, block], n) => ({
        ...scope,
        operatorId,
        feeWei,
        txHash: tx(n + 1),
        logIndex: 0,
        blockNumber: BigInt(block),
      })),
    );
    const registrations: [string, string, string, bigint | null][] = [
      ["a1", STAKER, "1,2,3,4", null],
      ["a2", STAKER, "1,2,3,4", null],
      ["a3", STAKER, "1,2,3,4", 40n], // removed: no longer runs, still took a nonce
      ["b1", OTHER, "2,3,5,6", null], // in a liquidated cluster
      ["b2", OTHER, "1,3,4,6", null],
    ];
    await storage.db.insert(ssvValidators).values(
      registrations.map(([key, owner, operatorIds, removedBlock], n) => ({
        ...scope,
        publicKey: key.repeat(48),
        owner,
        operatorIds,
        txHash: tx(100 + n),
        logIndex: 0,
        blockNumber: 35n,
        removedBlock,
      })),
    );
    const snapshots: [string, string, boolean, number][] = [
      [STAKER, "1,2,3,4", true, 2],
      [OTHER, "2,3,5,6", true, 1],
      [OTHER, "1,3,4,6", true, 1],
      [OTHER, "2,3,5,6", false, 1], // liquidated afterwards
    ];
    await storage.db.insert(ssvClusterSnapshots).values(
      snapshots.map(([owner, operatorIds, active, validatorCount], n) => ({
        ...scope,
        owner,
        operatorIds,
        validatorCount,
        networkFeeIndex: "0",
        index: "0",
        active,
        balanceWei: active ? "5000000000000000000" : "0",
        event: active ? "ValidatorAdded" : "ClusterLiquidated",
        txHash: tx(200 + n),
        logIndex: 0,
        blockNumber: BigInt(41 + n),
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await postgres?.stop();
    postgres = undefined;
  });

  const get = (url: string) => app.inject({ method: "GET", url });
  const ids = async (query: string) => {
    const response = await get(`/ssv/operators?network=ethereum&environment=devnet&${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { operators: { id: number }[] }).operators.map((operator) => operator.id);
  };

  describe("GET /ssv/operators", () => {
    it("lists each operator with its latest fee per block and per year, validators in active clusters, verified and removed flags", async () => {
      const response = await get("/ssv/operators?network=ethereum&environment=devnet&sort=fee&order=desc&pageSize=3");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        operators: [
          {
            id: 5,
            owner: "0x5555555555555555555555555555555555555555",
            publicKey: "LS0tEEEE5",
            fee: "1000000000000",
            feePerYear: "2613400000000000000",
            validatorCount: 0,
            performance: null,
            verified: false,
            removed: true,
          },
          {
            id: 3,
            owner: "0x3333333333333333333333333333333333333333",
            publicKey: "LS0tCCCC3",
            fee: "500000000000",
            feePerYear: "1306700000000000000",
            validatorCount: 3,
            performance: null,
            verified: true,
            removed: false,
          },
          {
            id: 1,
            owner: "0x1111111111111111111111111111111111111111",
            publicKey: "LS0tAAAA1",
            fee: "382640000000",
            feePerYear: "999991376000000000",
            validatorCount: 3,
            performance: null,
            verified: true,
            removed: false,
          },
        ],
        page: 1,
        pageSize: 3,
        total: 6,
      });
    });

    it("sorts by fee, by validators (the default, most first) and by performance (unmeasured: id order), ties by id", async () => {
      expect(await ids("sort=fee&order=asc")).toEqual([4, 6, 2, 1, 3, 5]);
      expect(await ids("")).toEqual([1, 3, 4, 2, 6, 5]);
      expect(await ids("sort=validators&order=asc")).toEqual([5, 6, 2, 1, 3, 4]);
      expect(await ids("sort=performance&order=desc")).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it("shows operator 2's executed fee change, not its first fee", async () => {
      const response = await get("/ssv/operators?network=ethereum&environment=devnet&search=2");
      expect(response.json().operators).toMatchObject([
        { id: 2, fee: "250000000000", feePerYear: "653350000000000000" },
      ]);
    });

    it("searches by id, owner prefix in any case and public-key prefix, with LIKE characters taken literally", async () => {
      expect(await ids("search=3")).toEqual([3]);
      expect(await ids("search=0xABCDEF")).toEqual([4]);
      expect(await ids("search=0x2222")).toEqual([2]);
      expect(await ids("search=LS0tCCCC")).toEqual([3]);
      expect(await ids("search=ls0tcccc")).toEqual([]);
      expect(await ids("search=LS0t&sort=performance&order=asc")).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await ids("search=%25")).toEqual([]);
      expect(await ids("search=LS0t_")).toEqual([]);
    });

    it("pages: page 2 of 2 per page holds the 3rd and 4th, total counts every match", async () => {
      const response = await get(
        "/ssv/operators?network=ethereum&environment=devnet&sort=fee&order=asc&page=2&pageSize=2",
      );
      const body = response.json();
      expect(body.operators.map((operator: { id: number }) => operator.id)).toEqual([2, 1]);
      expect(body).toMatchObject({ page: 2, pageSize: 2, total: 6 });
      const beyond = (await get("/ssv/operators?network=ethereum&environment=devnet&page=4&pageSize=2")).json();
      expect(beyond).toEqual({ operators: [], page: 4, pageSize: 2, total: 6 });
    });

    it("refuses bad input with 400 naming the field", async () => {
      const cases: [string, string, string][] = [
        ["network=ethereum&environment=devnet&sort=speed", "sort", 'expected "fee", "validators" or "performance"'],
        ["network=ethereum&environment=devnet&order=up", "order", 'expected "asc" or "desc"'],
        ["network=ethereum&environment=devnet&pageSize=101", "pageSize", "expected a whole number from 1 to 100"],
        ["network=ethereum&environment=devnet&page=0", "page", "expected a whole number from 1 to 100000"],
        [`network=ethereum&environment=devnet&search=${"a".repeat(201)}`, "search", "expected at most 200 characters"],
        [
          "network=ethereum&environment=hoodi",
          "environment",
          'expected an environment of "ethereum" with an SSV network',
        ],
        ["network=avalanche&environment=mainnet", "network", 'expected a network with an SSV network here: "ethereum"'],
        ["environment=devnet", "network", ""],
      ];
      for (const [query, field, message] of cases) {
        const response = await get(`/ssv/operators?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({ code: "invalid_query", field });
        expect(response.json().message, query).toContain(message);
      }
    });
  });

  describe("GET /ssv/owner-nonce", () => {
    it("is the number of validators the owner ever registered, removed ones included", async () => {
      const response = await get(`/ssv/owner-nonce?network=ethereum&environment=devnet&owner=${STAKER.toLowerCase()}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ owner: STAKER, nonce: 3 });
      expect((await get(`/ssv/owner-nonce?network=ethereum&environment=devnet&owner=${OTHER}`)).json()).toEqual({
        owner: OTHER,
        nonce: 2,
      });
      const fresh = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
      expect((await get(`/ssv/owner-nonce?network=ethereum&environment=devnet&owner=${fresh}`)).json()).toEqual({
        owner: fresh,
        nonce: 0,
      });
    });

    it("refuses a malformed owner with 400 naming it", async () => {
      const response = await get("/ssv/owner-nonce?network=ethereum&environment=devnet&owner=0x1234");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid_query", field: "owner" });
    });
  });

  describe("GET /ssv/clusters", () => {
    it("answers an owner without clusters with none, without reading the chain", async () => {
      const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
      const response = await get(`/ssv/clusters?network=ethereum&environment=devnet&owner=${owner}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ clusters: [] });
    });

    it("answers 502 with a retry hint, not a 500, when the chain's nodes cannot be read", async () => {
      const response = await get(`/ssv/clusters?network=ethereum&environment=devnet&owner=${STAKER}`);
      expect(response.statusCode).toBe(502);
      expect(response.headers["retry-after"]).toBe("10");
      expect(response.json()).toEqual({
        code: "chain_unavailable",
        message: "The SSV network contract could not be read from this chain's nodes; try again shortly",
      });
    });

    it("refuses an environment without an SSV network with 400 naming it", async () => {
      const response = await get(`/ssv/clusters?network=ethereum&environment=hoodi&owner=${STAKER}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "invalid_query", field: "environment" });
    });
  });

  describe("OpenAPI", () => {
    it("documents the three SSV reads with their query parameters", async () => {
      const document = (await get("/docs/json")).json();
      for (const path of ["/ssv/operators", "/ssv/clusters", "/ssv/owner-nonce"]) {
        expect(document.paths[path]?.get?.tags, path).toEqual(["ssv"]);
      }
      const names = document.paths["/ssv/operators"].get.parameters.map(
        (parameter: { name: string }) => parameter.name,
      );
      expect(names).toEqual(
        expect.arrayContaining(["network", "environment", "search", "sort", "order", "page", "pageSize"]),
      );
      const cluster =
        document.paths["/ssv/clusters"].get.responses["200"].content["application/json"].schema.properties.clusters
          .items;
      expect(Object.keys(cluster.properties.operators.items.properties)).toEqual([
        "id",
        "fee",
        "feePerYear",
        "verified",
        "removed",
      ]);
      expect(Object.keys(cluster.properties.validators.items.properties)).toEqual(["publicKey", "addedAtBlock"]);
    });
  });
});
