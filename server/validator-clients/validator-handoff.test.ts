import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import {
  type RunningBeaconStandIn,
  type RunningValidatorClient,
  startBeaconStandIn,
  startValidatorClient,
} from "../../tests/support/devnet.ts";
import { DEVNET_CLAIM as CLAIM, devnetHandoffTarget, insertProviderKey } from "../../tests/support/provider-keys.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorClientImports } from "../storage/schema.ts";
import { ValidatorHandoff } from "./validator-handoff.ts";

const TOKEN = "stake-devnet-keymanager-token-public-not-secret";
const OPS_TOKEN = "ops-token-for-tests-0123456789";

let anvil: RunningAnvil;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let vc: RunningValidatorClient;
let imports: string[];
/** Called by the stand-in when a key is imported, before it answers. */
let onImport: () => void = () => {};
const handoffs: ValidatorHandoff[] = [];

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
  imports = [];
  onImport = () => {};
  vc = await startValidatorClient({
    defaultFeeRecipient: `0x${"00".repeat(20)}`,
    onImported: (p) => {
      imports.push(p);
      onImport();
    },
  });
});
afterEach(async () => {
  for (const handoff of handoffs.splice(0)) await handoff.stop();
  await vc.stop();
  await storage.close();
});

const providerKey = (options: { deposited?: boolean } = {}) => insertProviderKey(storage, options);

function handoff(options: { url?: string; backoffMs?: number } = {}) {
  const created = new ValidatorHandoff({
    storage,
    targets: [devnetHandoffTarget(beacon.url, [{ id: "local", url: options.url ?? vc.url, token: TOKEN }])],
    backoffMs: options.backoffMs ?? 60_000,
  });
  handoffs.push(created);
  return created;
}

async function importRow(pubkey: string) {
  const [row] = await storage.db
    .select()
    .from(validatorClientImports)
    .where(and(eq(validatorClientImports.pubkey, pubkey)));
  return row;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("validator-client handoff over the Keymanager API", () => {
  it("imports a deposited key once, with an EIP-3076 interchange, and sets its fee recipient to RewardsClaim", async () => {
    const pubkey = await providerKey();
    const undeposited = await providerKey({ deposited: false });
    const job = handoff({ backoffMs: 1 });
    await until(async () => {
      await job.runNow();
      return (await importRow(pubkey))?.state === "imported";
    }, "the import");
    await job.runNow();
    expect(imports).toEqual([`0x${pubkey}`]);
    const held = await fetch(`${vc.url}/eth/v1/validator/0x${pubkey}/feerecipient`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await held.json()).toEqual({ data: { pubkey: `0x${pubkey}`, ethaddress: CLAIM } });
    expect(vc.store.has(`0x${undeposited}`)).toBe(false);
    const genesis = (await (await fetch(`${beacon.url}/eth/v1/beacon/genesis`)).json()) as {
      data: { genesis_validators_root: string };
    };
    expect(vc.store.slashingProtection(`0x${pubkey}`)).toEqual({
      metadata: { interchange_format_version: "5", genesis_validators_root: genesis.data.genesis_validators_root },
      data: [{ pubkey: `0x${pubkey}`, signed_blocks: [], signed_attestations: [] }],
    });
    expect(await importRow(pubkey)).toMatchObject({ state: "imported", lastError: null });
  });

  it("after a restart in the middle of an import, finishes it without importing twice", async () => {
    const pubkey = await providerKey();
    // The server is stopped while the validator client imports the key: the import happened, the answer is lost
    // and no state was recorded.
    const first = handoff({ backoffMs: 1 });
    onImport = () => void first.stop();
    await until(async () => {
      await first.runNow();
      return vc.store.has(`0x${pubkey}`);
    }, "the first import to reach the validator client");
    await first.stop();
    expect((await importRow(pubkey))?.state).not.toBe("imported");
    onImport = () => {};
    const restarted = handoff({ backoffMs: 1 });
    await until(async () => {
      await restarted.runNow();
      return (await importRow(pubkey))?.state === "imported";
    }, "the import after the restart");
    expect(await importRow(pubkey)).toMatchObject({ state: "imported", lastError: null });
    expect(imports).toEqual([`0x${pubkey}`]);
    const held = await fetch(`${vc.url}/eth/v1/validator/0x${pubkey}/feerecipient`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await held.json()).toEqual({ data: { pubkey: `0x${pubkey}`, ethaddress: CLAIM } });
  });

  it("retries a validator client that is down with exponential backoff, the error visible in /ops/validators", async () => {
    const pubkey = await providerKey();
    const port = Number(new URL(vc.url).port);
    await vc.stop();
    const job = handoff({ backoffMs: 300 });
    await job.runNow();
    const first = await importRow(pubkey);
    expect(first).toMatchObject({ state: "pending", attempts: 1 });
    expect(first?.lastError).toMatch(/unreachable/);
    await job.runNow(); // before the backoff has passed: not tried again
    expect(await importRow(pubkey)).toMatchObject({ attempts: 1 });
    await until(async () => {
      await job.runNow();
      return (await importRow(pubkey))?.attempts === 2;
    }, "the second attempt");
    const second = await importRow(pubkey);
    const firstDelay = (first?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(firstDelay).toBeLessThan(0);
    // The second failure waits twice as long as the first (600 ms instead of 300 ms).
    expect((second?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(350);

    const app = await opsApp(vc.url);
    const listed = await app.inject({ url: "/ops/validators", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().validators).toEqual([
      {
        network: "ethereum",
        environment: "devnet",
        pubkey: `0x${pubkey}`,
        beaconStatus: "deposited",
        client: "local",
        state: "deposited",
        attempts: 2,
        lastError: expect.stringMatching(/unreachable/),
        importedAt: null,
        removedAt: null,
        slashingProtectionKept: false,
        move: null,
      },
    ]);
    expect(listed.body).not.toContain(TOKEN);

    vc = await startValidatorClient({
      port,
      defaultFeeRecipient: `0x${"00".repeat(20)}`,
      onImported: (p) => imports.push(p),
    });
    await until(async () => {
      await job.runNow();
      return (await importRow(pubkey))?.state === "imported";
    }, "the import once the validator client is back");
    expect(imports).toEqual([`0x${pubkey}`]);
    const after = await app.inject({ url: "/ops/validators", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(after.json().validators[0]).toMatchObject({ client: "local", state: "imported", lastError: null });
    await app.close();
  });

  it("answers /ops/validators 401 without the OPS_TOKEN bearer token", async () => {
    await providerKey({ deposited: false });
    const app = await opsApp(vc.url);
    for (const headers of [{}, { authorization: "Bearer wrong-token-0123456789" }, { authorization: OPS_TOKEN }]) {
      const response = await app.inject({ url: "/ops/validators", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: "unauthorized", message: expect.stringContaining("OPS_TOKEN") });
    }
    const listed = await app.inject({ url: "/ops/validators", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(listed.json().validators[0]).toMatchObject({ client: null, state: "generated" });
    await app.close();
  });
});

async function opsApp(keymanagerUrl: string): Promise<FastifyInstance> {
  return buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      OPS_TOKEN,
      KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `local=${keymanagerUrl}`,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LOCAL: TOKEN,
      DEPOSIT_WORKERS: "1",
    }),
    storage,
    { logger: false },
  );
}
