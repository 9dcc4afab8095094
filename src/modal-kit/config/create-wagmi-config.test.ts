import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, defineChain } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { createChainTransport, resolvedHttp } from "./create-transport.ts";
import { createWagmiConfig, loadWagmiConfigFor } from "./create-wagmi-config.ts";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A JSON-RPC endpoint on a random port that fails with the given statuses first, then answers eth_blockNumber. */
async function rpcServer(failures: number[]) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push(body);
      const status = failures.shift();
      if (status) {
        response.writeHead(status, { "content-type": "text/plain" }).end("busy");
        return;
      }
      const calls = JSON.parse(body) as { id: number } | Array<{ id: number }>;
      const answer = (call: { id: number }) => ({ jsonrpc: "2.0", id: call.id, result: "0x2a" });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const chainAt = (url: string) =>
  defineChain({
    id: 31337,
    name: "Devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });

describe("RPC transport", () => {
  it("retries a busy endpoint (503, 429) and then gets the answer", async () => {
    const rpc = await rpcServer([503, 429]);
    const chain = chainAt(rpc.url);
    const client = createPublicClient({ chain, transport: createChainTransport(chain) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(rpc.seen).toHaveLength(3);
  });

  it("tries the custom RPC URL first and falls back to the chain's own when it fails", async () => {
    const custom = await rpcServer([500, 500, 500, 500]);
    const own = await rpcServer([]);
    const chain = chainAt(own.url);
    const client = createPublicClient({ chain, transport: createChainTransport(chain, [custom.url]) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(custom.seen.length).toBeGreaterThan(0);
    expect(own.seen.length).toBeGreaterThan(0);
  });
});

/** The eth_blockNumber calls a server saw (bodies may batch them with fallback ranking's pings). */
const calls = (seen: string[]) =>
  seen
    .flatMap((body) => [JSON.parse(body)].flat() as { method: string }[])
    .filter((call) => call.method === "eth_blockNumber");

describe("RPC endpoint resolved at first use", () => {
  it("asks for the endpoint once, then sends every call there", async () => {
    const resolved = await rpcServer([]);
    const chain = chainAt("http://127.0.0.1:1");
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return resolved.url;
    };
    const client = createPublicClient({ chain, transport: resolvedHttp(resolve) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(lookups).toBe(1);
    expect(calls(resolved.seen)).toHaveLength(2);
  });

  it("does not remember a failed lookup: the next call asks again", async () => {
    const resolved = await rpcServer([]);
    const chain = chainAt("http://127.0.0.1:1");
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      if (lookups === 1) throw new Error("backend down");
      return resolved.url;
    };
    const client = createPublicClient({ chain, transport: resolvedHttp(resolve) });
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow("backend down");
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(lookups).toBe(2);
  });

  it("falls back to the chain's own URLs while the endpoint cannot be learnt", async () => {
    const own = await rpcServer([]);
    const chain = chainAt(own.url);
    const resolve = async (): Promise<string> => {
      throw new Error("backend down");
    };
    const client = createPublicClient({ chain, transport: createChainTransport(chain, [], resolve) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n);
    expect(calls(own.seen)).toHaveLength(2);
  });
});

describe("createWagmiConfig", () => {
  const base = {
    networks: [chainAt("http://127.0.0.1:1")] as const,
    metadata: { name: "Meridian", description: "Staking", url: "https://meridian.example", icons: [] },
  };

  it("offers the injected provider, and WalletConnect only with a project id", async () => {
    expect((await loadWagmiConfigFor(base)).connectors.map((c) => c.id)).toEqual(["injected"]);
    const withProject = await loadWagmiConfigFor({ ...base, projectId: "0123456789abcdef0123456789abcdef" });
    expect(withProject.connectors.map((c) => c.id)).toEqual(["injected", "walletConnect"]);
    // Without the connector's factory (not loaded), a project id alone adds nothing.
    const unloaded = createWagmiConfig({ ...base, projectId: "0123456789abcdef0123456789abcdef" });
    expect(unloaded.connectors.map((c) => c.id)).toEqual(["injected"]);
  });

  it("gives the same config to every caller of the same options", async () => {
    const options = { ...base };
    const [first, second] = await Promise.all([loadWagmiConfigFor(options), loadWagmiConfigFor(options)]);
    expect(first).toBe(second);
    expect(await loadWagmiConfigFor(options)).toBe(first);
  });
});
