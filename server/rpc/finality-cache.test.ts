import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

// The two devnet chains the server serves: Ethereum's (31337) and Conflux eSpace's (31338).
const ETHEREUM = 31_337;
const ESPACE = 31_338;
const DEV_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const HIGH_START = 10_000_000;

let ethereum: RunningAnvil;
let espace: RunningAnvil;
let ethereumRelay: Relay;
let espaceRelay: Relay;
let storage: Storage;
let app: FastifyInstance;
let genesisDir: string;

function serverFor(upstreams: { ethereum: string; espace: string }) {
  return buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_FINALITY_CHECK_MS: "1",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: upstreams.ethereum,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: upstreams.espace,
    }),
    storage,
    { logger: false },
  );
}

async function direct(chain: RunningAnvil, method: string, params: unknown[] = []) {
  const response = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

async function rpc(server: FastifyInstance, chainId: number, method: string, params: unknown[] = []) {
  const response = await server.inject({
    method: "POST",
    url: `/rpc/${chainId}`,
    payload: { jsonrpc: "2.0", id: 1, method, params },
  });
  return (response.json() as { result: unknown }).result;
}

const count = (relay: Relay, method: string) => relay.methods.filter((name) => name === method).length;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  // The eSpace chain starts ten million blocks up, and finalizes 200 blocks behind its head (100-slot epochs),
  // as a chain does while finality is delayed. Ethereum's starts at 0 and finalizes 64 behind.
  genesisDir = await mkdtemp(join(tmpdir(), "finality-cache-"));
  const genesis = join(genesisDir, "genesis.json");
  await writeFile(genesis, JSON.stringify({ config: { chainId: ESPACE }, number: `0x${HIGH_START.toString(16)}` }));
  [ethereum, espace] = await Promise.all([
    startAnvil(),
    startAnvil({ chainId: ESPACE, extraArgs: ["--init", genesis, "--slots-in-an-epoch", "100"] }),
  ]);
  [ethereumRelay, espaceRelay] = await Promise.all([startRelay(ethereum.rpcUrl), startRelay(espace.rpcUrl)]);
  app = await serverFor({ ethereum: ethereumRelay.url, espace: espaceRelay.url });
});

afterAll(async () => {
  await app?.close();
  await Promise.all([ethereumRelay?.close(), espaceRelay?.close()]);
  await Promise.all([ethereum?.stop(), espace?.stop()]);
  await storage?.close();
  if (genesisDir) await rm(genesisDir, { recursive: true, force: true });
});

beforeEach(() => {
  ethereumRelay.methods.length = 0;
  espaceRelay.methods.length = 0;
});

describe("JSON-RPC proxy cache and chain reorganisations", () => {
  it("keeps no recent Ethereum receipt or block because another chain is ten million blocks up, so a reorg is seen at once", async () => {
    const snapshot = await direct(ethereum, "evm_snapshot");
    const hash = (await direct(ethereum, "eth_sendTransaction", [
      { from: DEV_ADDRESS, to: "0x000000000000000000000000000000000000dEaD", value: "0x1" },
    ])) as string;
    const receipt = (await rpc(app, ETHEREUM, "eth_getTransactionReceipt", [hash])) as { blockNumber: string };
    const blockBefore = (await rpc(app, ETHEREUM, "eth_getBlockByNumber", [receipt.blockNumber, false])) as {
      hash: string;
    };
    expect(await rpc(app, ESPACE, "eth_blockNumber")).toBe(`0x${HIGH_START.toString(16)}`);
    await rpc(app, ETHEREUM, "eth_getTransactionReceipt", [hash]);
    await rpc(app, ETHEREUM, "eth_getBlockByNumber", [receipt.blockNumber, false]);

    // The block with the transaction is replaced by one with another transaction.
    await direct(ethereum, "evm_revert", [snapshot]);
    await direct(ethereum, "eth_sendTransaction", [
      { from: DEV_ADDRESS, to: "0x000000000000000000000000000000000000bEEF", value: "0x2" },
    ]);
    expect(await rpc(app, ETHEREUM, "eth_getTransactionReceipt", [hash])).toBeNull();
    const blockAfter = (await rpc(app, ETHEREUM, "eth_getBlockByNumber", [receipt.blockNumber, false])) as {
      hash: string;
    };
    expect(blockAfter.hash).toBe(
      await direct(ethereum, "eth_getBlockByNumber", [receipt.blockNumber, false]).then(
        (block) => (block as { hash: string }).hash,
      ),
    );
    expect(blockAfter.hash).not.toBe(blockBefore.hash);
  });

  it("keeps no block above the finalized one: a 100-block reorg while finality lags 200 blocks serves the new block", async () => {
    const snapshot = await direct(espace, "evm_snapshot");
    await direct(espace, "anvil_mine", ["0x1"]);
    const target = `0x${(HIGH_START + 1).toString(16)}`;
    const old = (await direct(espace, "eth_getBlockByNumber", [target, false])) as { hash: string; timestamp: string };
    await direct(espace, "anvil_mine", ["0x64"]);
    // 100 blocks deep: far enough for a fixed 64-block rule, not for the chain's finalized block.
    expect(await rpc(app, ESPACE, "eth_blockNumber")).toBe(`0x${(HIGH_START + 101).toString(16)}`);
    for (let round = 0; round < 2; round++) {
      expect(((await rpc(app, ESPACE, "eth_getBlockByNumber", [target, false])) as { hash: string }).hash).toBe(
        old.hash,
      );
    }

    await direct(espace, "evm_revert", [snapshot]);
    await direct(espace, "evm_setNextBlockTimestamp", [Number(BigInt(old.timestamp) + 1_000n)]);
    await direct(espace, "anvil_mine", ["0x65"]);
    const replaced = (await direct(espace, "eth_getBlockByNumber", [target, false])) as { hash: string };
    expect(replaced.hash).not.toBe(old.hash);
    expect(((await rpc(app, ESPACE, "eth_getBlockByNumber", [target, false])) as { hash: string }).hash).toBe(
      replaced.hash,
    );
  });

  it("takes a node without a finalized block tag to have finalized 128 blocks behind its head", async () => {
    const relay = await startRelay(ethereum.rpcUrl);
    relay.answer = (call) =>
      call.method === "eth_getBlockByNumber" && Array.isArray(call.params) && call.params[0] === "finalized"
        ? { jsonrpc: "2.0", id: call.id, error: { code: -32602, message: "invalid block tag finalized" } }
        : undefined;
    const server = await serverFor({ ethereum: relay.url, espace: espaceRelay.url });
    try {
      const hash = await direct(ethereum, "eth_sendTransaction", [
        { from: DEV_ADDRESS, to: "0x000000000000000000000000000000000000dEaD", value: "0x3" },
      ]);
      await direct(ethereum, "anvil_mine", ["0x7f"]); // 127 blocks on top: not yet final by that rule
      for (let round = 0; round < 3; round++) await rpc(server, ETHEREUM, "eth_getTransactionReceipt", [hash]);
      expect(count(relay, "eth_getTransactionReceipt")).toBe(3);

      await direct(ethereum, "anvil_mine", ["0x1"]); // 128 blocks on top
      relay.methods.length = 0;
      for (let round = 0; round < 3; round++) {
        expect(await rpc(server, ETHEREUM, "eth_getTransactionReceipt", [hash])).toMatchObject({
          transactionHash: hash,
        });
      }
      expect(count(relay, "eth_getTransactionReceipt")).toBe(2);
    } finally {
      await server.close();
      await relay.close();
    }
  });
});
