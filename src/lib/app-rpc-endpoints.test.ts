import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { parseEnv } from "../../server/config/env.ts";
import { openStorage, type Storage } from "../../server/storage/database.ts";
import { ApiResponseError } from "../core/app-error.ts";
import { networksInHomeOrder } from "../generated/index.ts";
import { fetchRpcEndpoint, RpcEndpointAnswerError, rpcEndpointResolvers } from "./app-rpc-endpoints.ts";

// The real staking server answers the spec's endpoint calls; the app learns its proxy from them.
let server: FastifyInstance;
let storage: Storage;
let base: string;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  server = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", PUBLIC_BASE_URL: "https://api.stake.test", RPC_UPSTREAM_POLICY: "prepend" }),
    storage,
    { logger: false },
  );
  base = await server.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await server?.close();
  await storage?.close();
});

describe("the app's RPC endpoints from the staking backend", () => {
  it("has a resolver for each mainnet chain that names an appRpcPath, answering the backend's proxy", async () => {
    const resolvers = rpcEndpointResolvers(base, networksInHomeOrder, "mainnet");
    expect(
      Object.keys(resolvers)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 1030]);
    expect(await resolvers[1]?.()).toBe("https://api.stake.test/rpc/1");
    expect(await resolvers[1030]?.()).toBe("https://api.stake.test/rpc/1030");
    const testnet = rpcEndpointResolvers(base, networksInHomeOrder, "testnet");
    expect(await testnet[560048]?.()).toBe("https://api.stake.test/rpc/560048");
    expect(await testnet[71]?.()).toBe("https://api.stake.test/rpc/71");
    expect(rpcEndpointResolvers(base, networksInHomeOrder, "devnet")).toEqual({});
  });

  it("refuses an answer for another chain, and passes on the backend's own error", async () => {
    await expect(
      fetchRpcEndpoint(base, { chainId: 5, appRpcPath: "/networks/eth/infura?network_type=mainnet" }),
    ).rejects.toThrow(RpcEndpointAnswerError);
    const error = await fetchRpcEndpoint(base, {
      chainId: 1,
      appRpcPath: "/networks/eth/infura?network_type=sepolia",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ status: 400, field: "network_type" });
  });
});
