import { QueryClient } from "@tanstack/react-query";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildServer } from "../../../server/app.ts";
import { parseEnv } from "../../../server/config/env.ts";
import { openStorage, type Storage } from "../../../server/storage/database.ts";
import { ssvOperatorFees, ssvOperators, ssvValidators } from "../../../server/storage/schema.ts";
import { ApiResponseError } from "../../core/app-error.ts";
import { apiBaseUrl } from "../app-environment.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { ssvClustersQueryOptions } from "./ssv-clusters-query.ts";
import { ssvOperatorsQueryOptions } from "./ssv-operators-query.ts";
import { ssvOwnerNonceQueryOptions } from "./ssv-owner-nonce-query.ts";

const DEVNET = { network: "ethereum", environment: "devnet" } as const;
const OWNER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

// The real staking server (PGlite in memory) on a free port; the build's devnet API address is sent there.
let storage: Storage;
let server: FastifyInstance;
let client: QueryClient;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  server = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), storage, { logger: false });
  const base = (await server.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => realFetch(url.replace(apiBaseUrl, base), init));
  await storage.db.insert(ssvOperators).values(
    [1, 2, 3, 4, 5].map((operatorId) => ({
      ...DEVNET,
      operatorId,
      owner: "0x1111111111111111111111111111111111111111",
      publicKey: `LS0tKEY${operatorId}`,
      blockNumber: 1n,
    })),
  );
  await storage.db.insert(ssvOperatorFees).values(
    [1, 2, 3, 4, 5].map((operatorId) => ({
      ...DEVNET,
      operatorId,
      feeWei: String(operatorId * 100_000_000_000),
      txHash: `0x${operatorId.toString(16).padStart(64, "0")}`,
      logIndex: 0,
      blockNumber: 1n,
    })),
  );
  await storage.db.insert(ssvValidators).values(
    ["a1", "a2"].map((key, logIndex) => ({
      ...DEVNET,
      publicKey: key.repeat(48),
      owner: OWNER,
      operatorIds: "1,2,3,4",
      txHash: `0x${"77".repeat(32)}`,
      logIndex,
      blockNumber: 2n,
    })),
  );
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  client?.clear();
  await server?.close();
  await storage?.close();
});

describe("the SSV reads' query options against the real server", () => {
  it("read a page of operators with fees as bigints, sorted as asked", async () => {
    const page = await client.fetchQuery(
      ssvOperatorsQueryOptions(DEVNET, { sort: "fee", order: "asc", page: 2, pageSize: 2 }),
    );
    expect(page.total).toBe(5);
    expect(
      page.operators.map((operator) => [operator.id, operator.fee, operator.feePerYear, operator.verified]),
    ).toEqual([
      [3, 300_000_000_000n, 784_020_000_000_000_000n, true],
      [4, 400_000_000_000n, 1_045_360_000_000_000_000n, true],
    ]);
    const found = await client.fetchQuery(ssvOperatorsQueryOptions(DEVNET, { search: "LS0tKEY5" }));
    expect(found.operators.map((operator) => [operator.id, operator.verified])).toEqual([[5, false]]);
  });

  it("read the owner's next nonce under the owner's key, so a refresh of the owner reads it again", async () => {
    const options = ssvOwnerNonceQueryOptions({ ...DEVNET, owner: OWNER });
    expect(await client.fetchQuery(options)).toBe(2);
    expect(options.queryKey.slice(0, 4)).toEqual(ownerQueryKey({ ...DEVNET, owner: OWNER }));
    expect(
      await client.fetchQuery(ssvClustersQueryOptions({ ...DEVNET, owner: OWNER.toLowerCase() as never })),
    ).toEqual([]);
  });

  it("surface the server's 400 as an API error naming the field", async () => {
    const failure = client.fetchQuery(ssvOperatorsQueryOptions({ ...DEVNET, environment: "hoodi" }));
    await expect(failure).rejects.toBeInstanceOf(ApiResponseError);
    await expect(failure).rejects.toMatchObject({ status: 400, code: "invalid_query", field: "environment" });
  });
});
