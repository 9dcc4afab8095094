import { decrypt, type IKeystore } from "@chainsafe/bls-keystore";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import {
  type RunningBeaconStandIn,
  type RunningValidatorClient,
  startBeaconStandIn,
  startValidatorClient,
} from "../../tests/support/devnet.ts";
import { devnetHandoffTarget, insertProviderKey } from "../../tests/support/provider-keys.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { DEVNET_KEYSTORE_KEY } from "../deposits/devnet-keys.ts";
import { keystorePassword } from "../deposits/keystore-password.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorClientAssignments, validatorClientImports, validatorKeys } from "../storage/schema.ts";
import { ValidatorHandoff } from "./validator-handoff.ts";

const TOKEN_A = "lighthouse-a-keymanager-token-0123456789";
const TOKEN_B = "teku-b-keymanager-token-abcdefghijklmnop";
const OPS_TOKEN = "ops-token-for-tests-0123456789";
const WAIT = { timeout: 60_000, interval: 50 };

let anvil: RunningAnvil;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let a: RunningValidatorClient;
let b: RunningValidatorClient;
const jobs: ValidatorHandoff[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: ethereumDevnetChain.id });
  beacon = await startBeaconStandIn({ rpcUrl: anvil.rpcUrl });
});
afterAll(async () => {
  await beacon?.stop();
  await anvil?.stop();
});
beforeEach(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  a = await startValidatorClient({ defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_A });
  b = await startValidatorClient({ defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_B });
});
afterEach(async () => {
  for (const job of jobs.splice(0)) await job.stop();
  await a.stop();
  await b.stop();
  await storage.close();
});

/** The two clients as the operator lists them, with their weights and (unless given) their own URLs. */
function clients(weights: { a: number; b: number }, urls: { a?: string; b?: string } = {}) {
  return [
    { id: "lighthouse-a", url: urls.a ?? a.url, token: TOKEN_A, weight: weights.a },
    { id: "teku-b", url: urls.b ?? b.url, token: TOKEN_B, weight: weights.b },
  ];
}

function handoff(list: ReturnType<typeof clients>) {
  const job = new ValidatorHandoff({ storage, backoffMs: 1, targets: [devnetHandoffTarget(beacon.url, list)] });
  jobs.push(job);
  return job;
}

/** POST /eth/v1/keystores requests a stand-in received: one per import attempt. */
const posts = (client: RunningValidatorClient) =>
  client.requests.filter((request) => request.method === "POST" && request.path === "/eth/v1/keystores").length;
const held = (client: RunningValidatorClient) => client.store.list().map((key) => key.validating_pubkey.slice(2));

/** Runs passes until every key is held by a client, then two more (which must change nothing). */
async function settle(job: ValidatorHandoff, keys: readonly string[]) {
  await vi.waitFor(async () => {
    await job.runNow();
    expect(new Set([...held(a), ...held(b)])).toEqual(new Set(keys));
  }, WAIT);
  await job.runNow();
  await job.runNow();
}

async function listed() {
  const app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      OPS_TOKEN,
      KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `lighthouse-a=${a.url},teku-b=${b.url}`,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LIGHTHOUSE_A: TOKEN_A,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_TEKU_B: TOKEN_B,
      DEPOSIT_WORKERS: "1",
    }),
    storage,
    { logger: false },
  );
  const response = await app.inject({ url: "/ops/validators", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  await app.close();
  return response.json().validators as { pubkey: string; client: string | null; state: string }[];
}

describe("a validator key runs in exactly one validator client", { timeout: 180_000 }, () => {
  it("imports each of six keys once into one of two clients, 2:1 by weight, each client called with its own token only", async () => {
    const keys: string[] = [];
    for (let index = 0; index < 6; index++) keys.push(await insertProviderKey(storage));
    await settle(handoff(clients({ a: 2, b: 1 })), keys);

    expect(held(a)).toHaveLength(4);
    expect(held(b)).toHaveLength(2);
    expect(held(a).filter((key) => held(b).includes(key))).toEqual([]);
    expect(posts(a)).toBe(4);
    expect(posts(b)).toBe(2);
    expect([...a.tokensSeen]).toEqual([TOKEN_A]);
    expect([...b.tokensSeen]).toEqual([TOKEN_B]);

    const listing = await listed();
    for (const key of keys) {
      const entry = listing.find((row) => row.pubkey === `0x${key}`);
      expect(entry?.client).toBe(held(a).includes(key) ? "lighthouse-a" : "teku-b");
      expect(entry?.state).toBe("imported");
    }
  });

  it("never moves a key when the weights change: only new keys follow the new weights", async () => {
    const first = [await insertProviderKey(storage), await insertProviderKey(storage)];
    await settle(handoff(clients({ a: 1, b: 0 })), first);
    expect(held(a).sort()).toEqual([...first].sort());
    await jobs[0]?.stop();

    const later = await insertProviderKey(storage);
    await settle(handoff(clients({ a: 0, b: 1 })), [...first, later]);
    expect(held(a).sort()).toEqual([...first].sort());
    expect(held(b)).toEqual([later]);
    expect(posts(a)).toBe(2);
    expect(posts(b)).toBe(1);
  });

  it("gives each key its own keystore password: one client's password opens none of another client's keystores, and none is the keystore key", async () => {
    const keys = [await insertProviderKey(storage), await insertProviderKey(storage)];
    await settle(handoff(clients({ a: 1, b: 1 })), keys);
    const [inA] = held(a);
    const [inB] = held(b);
    const givenToA = a.store.credentials(`0x${inA}`);
    const givenToB = b.store.credentials(`0x${inB}`);
    if (!givenToA || !givenToB) throw new Error("each client should hold one key");
    const keystoreB = JSON.parse(givenToB.keystore) as IKeystore;
    const keystoreA = JSON.parse(givenToA.keystore) as IKeystore;
    await expect(decrypt(keystoreB, givenToA.password)).rejects.toThrow();
    await expect(decrypt(keystoreA, givenToB.password)).rejects.toThrow();
    expect((await decrypt(keystoreB, givenToB.password)).length).toBe(32);
    expect(givenToA.password).not.toBe("stake-devnet-keystore-key-public-not-secret");
    await expect(decrypt(keystoreA, "stake-devnet-keystore-key-public-not-secret")).rejects.toThrow();
  });

  it("imports nothing again when a client's URL is renamed under the same id", async () => {
    const keys = [await insertProviderKey(storage), await insertProviderKey(storage)];
    await settle(handoff(clients({ a: 1, b: 0 })), keys);
    expect(posts(a)).toBe(2);
    await jobs[0]?.stop();

    const renamed = handoff(clients({ a: 1, b: 0 }, { a: a.url.replace("127.0.0.1", "localhost") }));
    for (let pass = 0; pass < 3; pass++) await renamed.runNow();
    expect(posts(a)).toBe(2);
    expect(posts(b)).toBe(0);
    expect(held(a).sort()).toEqual([...keys].sort());
  });

  it("adopts what an earlier version recorded by URL without importing again, and takes a key it put into both clients out of the second", async () => {
    const [once, twice] = [await insertProviderKey(storage), await insertProviderKey(storage)];
    // An earlier version imported every key into every client and recorded each by the client's URL.
    const { data: genesis } = (await (await fetch(`${beacon.url}/eth/v1/beacon/genesis`)).json()) as {
      data: { genesis_validators_root: string };
    };
    const record = (pubkey: string) =>
      JSON.stringify({
        metadata: { interchange_format_version: "5", genesis_validators_root: genesis.genesis_validators_root },
        data: [{ pubkey: `0x${pubkey}`, signed_blocks: [], signed_attestations: [] }],
      });
    const legacyImport = async (client: RunningValidatorClient, token: string, pubkey: string) => {
      const [stored] = await storage.db.select().from(validatorKeys).where(eq(validatorKeys.pubkey, pubkey));
      const response = await fetch(`${client.url}/eth/v1/keystores`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          keystores: [JSON.stringify(stored?.keystore)],
          passwords: [keystorePassword(DEVNET_KEYSTORE_KEY, pubkey)],
          slashing_protection: record(pubkey),
        }),
      });
      expect(response.status).toBe(200);
      await storage.db.insert(validatorClientImports).values({
        network: "ethereum",
        environment: "devnet",
        pubkey,
        client: client.url,
        state: "imported",
        importedAt: new Date(),
      });
    };
    await legacyImport(a, TOKEN_A, once);
    await legacyImport(a, TOKEN_A, twice);
    await legacyImport(b, TOKEN_B, twice);
    const before = { a: posts(a), b: posts(b) };

    const job = handoff(clients({ a: 1, b: 1 }));
    await vi.waitFor(async () => {
      await job.runNow();
      expect(b.store.has(`0x${twice}`)).toBe(false);
    }, WAIT);
    await job.runNow();
    expect({ a: posts(a), b: posts(b) }).toEqual(before);
    expect(held(a).sort()).toEqual([once, twice].sort());
    const assignments = await storage.db.select().from(validatorClientAssignments);
    expect(assignments.map((row) => row.clientId)).toEqual(["lighthouse-a", "lighthouse-a"]);
    const [removed] = await storage.db
      .select()
      .from(validatorClientImports)
      .where(and(eq(validatorClientImports.pubkey, twice), eq(validatorClientImports.client, "teku-b")));
    expect(removed?.state).toBe("removed");
    expect(JSON.parse(removed?.slashingProtection ?? "{}").data).toEqual([
      { pubkey: `0x${twice}`, signed_blocks: [], signed_attestations: [] },
    ]);
  });
});
