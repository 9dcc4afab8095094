import { createServer } from "node:net";
import { eq } from "drizzle-orm";
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
import { openStorage, type Storage } from "../storage/database.ts";
import { operations, validatorClientImports, validators } from "../storage/schema.ts";
import { ValidatorHandoff } from "./validator-handoff.ts";

const TOKEN = "stake-devnet-keymanager-token-public-not-secret";
const OPS_TOKEN = "ops-token-for-tests-0123456789";
const OWNER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
/** Handoff passes take up to a second on a busy machine (the first one longer). */
const WAIT = { timeout: 30_000, interval: 50 };

let anvil: RunningAnvil;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let vc: RunningValidatorClient;
let job: ValidatorHandoff | undefined;

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
  vc = await startValidatorClient({ defaultFeeRecipient: `0x${"00".repeat(20)}` });
});
afterEach(async () => {
  await job?.stop();
  await vc.stop();
  await storage.close();
});

/** A deposited provider key with the status the indexer would have read from the Beacon API. */
const depositedKey = () => insertProviderKey(storage, { status: "active_ongoing" });

const setStatus = (pubkey: string, status: string) =>
  storage.db.update(validators).set({ status }).where(eq(validators.pubkey, pubkey));

function handoff(url: string) {
  job = new ValidatorHandoff({
    storage,
    backoffMs: 1,
    targets: [devnetHandoffTarget(beacon.url, [{ id: "local", url, token: TOKEN }])],
  });
  return job;
}

async function clientState(pubkey: string, url: string) {
  const app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      OPS_TOKEN,
      KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `local=${url}`,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LOCAL: TOKEN,
      DEPOSIT_WORKERS: "1",
    }),
    storage,
    { logger: false },
  );
  const listed = await app.inject({ url: "/ops/validators", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  await app.close();
  const entry = listed.json().validators.find((v: { pubkey: string }) => v.pubkey === `0x${pubkey}`);
  return entry;
}

describe("exits on the provider's side", () => {
  it("marks a key exiting on its full-exit request, then removes it from the validator client once, keeping its slashing protection", async () => {
    const pubkey = await depositedKey();
    const job = handoff(vc.url);
    await vi.waitFor(async () => {
      await job.runNow();
      expect(vc.store.has(`0x${pubkey}`)).toBe(true);
    }, WAIT);
    expect((await clientState(pubkey, vc.url)).state).toBe("active");
    await storage.db.insert(operations).values({
      network: "ethereum",
      environment: "devnet",
      owner: OWNER,
      kind: "withdrawal_request",
      txHash: `0x${"ab".repeat(32)}`,
      logIndex: 0,
      blockNumber: 9n,
      status: "confirmed",
      amountWei: "0",
      details: { pubkey: `0x${pubkey}`, fullExit: true },
      occurredAt: new Date(),
    });
    expect((await clientState(pubkey, vc.url)).state).toBe("exiting");

    const removals = vi.spyOn(vc.store, "remove");
    await setStatus(pubkey, "exited_unslashed");
    expect((await clientState(pubkey, vc.url)).state).toBe("exited");
    await job.runNow();
    expect(vc.store.has(`0x${pubkey}`)).toBe(false);
    const [row] = await storage.db.select().from(validatorClientImports);
    expect(row?.state).toBe("removed");
    const interchange = JSON.parse(row?.slashingProtection ?? "{}");
    // The interchange the key was imported with: format 5 and the Beacon API's genesis_validators_root.
    expect(interchange.metadata).toEqual({
      interchange_format_version: "5",
      genesis_validators_root: `0x${"00".repeat(32)}`,
    });
    expect(interchange.data.map((entry: { pubkey: string }) => entry.pubkey)).toEqual([`0x${pubkey}`]);
    expect(await clientState(pubkey, vc.url)).toMatchObject({ state: "removed", slashingProtectionKept: true });

    await setStatus(pubkey, "withdrawal_done");
    await job.runNow();
    expect(removals).toHaveBeenCalledTimes(1);
  });

  it("retries the removal while the validator client is down, and removes the key once it is back", async () => {
    const pubkey = await depositedKey();
    const port = Number(new URL(vc.url).port);
    const first = handoff(vc.url);
    await vi.waitFor(async () => {
      await first.runNow();
      expect(vc.store.has(`0x${pubkey}`)).toBe(true);
    }, WAIT);
    await first.stop();
    await vc.stop();
    await setStatus(pubkey, "exited_unslashed");
    const errors: string[] = [];
    const job = new ValidatorHandoff({
      storage,
      backoffMs: 1,
      targets: [devnetHandoffTarget(beacon.url, [{ id: "local", url: vc.url, token: TOKEN }])],
      onError: (_, message) => errors.push(message),
    });
    await job.runNow();
    expect(errors).toEqual([expect.stringContaining("DELETE /eth/v1/keystores: validator client unreachable")]);
    expect(await clientState(pubkey, vc.url)).toMatchObject({ state: "exited", attempts: 2 });
    await new Promise<void>((resolve) => {
      const probe = createServer().listen(port, "127.0.0.1", () => probe.close(() => resolve()));
    });
    vc = await startValidatorClient({ port, defaultFeeRecipient: `0x${"00".repeat(20)}` });
    await vi.waitFor(async () => {
      await job.runNow();
      expect((await storage.db.select().from(validatorClientImports))[0]?.state).toBe("removed");
    }, WAIT);
    await job.stop();
  });
});
