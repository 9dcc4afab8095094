import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networks } from "../../src/generated/index.ts";
import { parseEnv } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

/** A JSON-RPC node that takes requests and never answers: a pass over it hangs until viem's time-outs. */
let silentNode: Server;
let url: string;
let storage: Storage;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  silentNode = createServer(() => undefined);
  await new Promise<void>((resolve) => silentNode.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(silentNode.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await storage?.close();
  silentNode.closeAllConnections();
  await new Promise((resolve) => silentNode.close(resolve));
});

describe("Indexer.stop", () => {
  it("returns within its grace period while a pass is stuck on a node that does not answer", async () => {
    const environments = servedEnvironments(
      parseEnv({ SERVE_KINDS: "devnet", RPC_UPSTREAM_POLICY: "replace", RPC_UPSTREAMS_ETHEREUM_DEVNET: url }),
      [networks.ethereum],
    );
    const indexer = new Indexer({ storage, environments, confirmations: () => 0 });
    indexer.start(60_000);
    const started = Date.now();
    await indexer.stop(200);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(150);
    expect(took).toBeLessThan(5_000);
  });
});
