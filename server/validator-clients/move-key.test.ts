import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import {
  type RunningBeaconStandIn,
  type RunningValidatorClient,
  startBeaconStandIn,
  startValidatorClient,
} from "../../tests/support/devnet.ts";
import { DEVNET_CLAIM, devnetHandoffTarget, insertProviderKey } from "../../tests/support/provider-keys.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorClientAssignments } from "../storage/schema.ts";
import { moveKey } from "./move-key.ts";
import { moveKeyCommand } from "./move-key-command.ts";
import { ValidatorHandoff } from "./validator-handoff.ts";

const TOKEN_A = "move-test-lighthouse-a-token-0123456789";
const TOKEN_B = "move-test-teku-b-token-abcdefghijklmnop";
const WAIT = { timeout: 60_000, interval: 50 };
/** What the old client signed with the key (EIP-3076 records), so the move has history to carry. */
const SIGNED = {
  signed_blocks: [{ slot: "81", signing_root: `0x${"4b".repeat(32)}` }],
  signed_attestations: [{ source_epoch: "19", target_epoch: "20", signing_root: `0x${"7e".repeat(32)}` }],
};

let anvil: RunningAnvil;
let beacon: RunningBeaconStandIn;
let root: string;
let dataDir: string;
let storage: Storage;
let a: RunningValidatorClient;
let b: RunningValidatorClient;
let job: ValidatorHandoff | undefined;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: ethereumDevnetChain.id });
  beacon = await startBeaconStandIn({ rpcUrl: anvil.rpcUrl });
  const genesis = (await (await fetch(`${beacon.url}/eth/v1/beacon/genesis`)).json()) as {
    data: { genesis_validators_root: string };
  };
  root = genesis.data.genesis_validators_root;
});
afterAll(async () => {
  await beacon?.stop();
  await anvil?.stop();
});
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "move-key-"));
  storage = await openStorage({ dataDir });
  a = await startValidatorClient({ defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_A });
  b = await startValidatorClient({ defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_B });
});
afterEach(async () => {
  await job?.stop();
  job = undefined;
  await a.stop();
  await b.stop();
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const target = (tokens: { a?: string } = {}) =>
  devnetHandoffTarget(beacon.url, [
    { id: "lighthouse-a", url: a.url, token: tokens.a ?? TOKEN_A, weight: 1 },
    { id: "teku-b", url: b.url, token: TOKEN_B, weight: 0 },
  ]);

/** A deposited key, handed off (weights 1:0, so to lighthouse-a), that has signed a block and an attestation. */
async function keyInA(): Promise<string> {
  const pubkey = await insertProviderKey(storage);
  job = new ValidatorHandoff({ storage, backoffMs: 1, targets: [target()] });
  await vi.waitFor(async () => {
    await job?.runNow();
    expect(a.store.has(`0x${pubkey}`)).toBe(true);
  }, WAIT);
  await job.stop();
  a.store.recordSigned(`0x${pubkey}`, SIGNED);
  return pubkey;
}

const calls = (client: RunningValidatorClient, method: string) =>
  client.requests.filter((request) => request.method === method && request.path === "/eth/v1/keystores").length;
const record = (pubkey: string, signed = SIGNED) => ({
  metadata: { interchange_format_version: "5", genesis_validators_root: root },
  data: [{ pubkey: `0x${pubkey}`, ...signed }],
});
const assignment = async () => (await storage.db.select().from(validatorClientAssignments))[0];

describe("validator-clients:move", { timeout: 180_000 }, () => {
  it("deletes the key from the old client, then imports it into the new one with the slashing-protection record the old one exported", async () => {
    const pubkey = await keyInA();
    await storage.close();
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    const env = {
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      DATA_DIR: dataDir,
      BEACON_API_URL_ETHEREUM_DEVNET: beacon.url,
      KEYMANAGER_CLIENTS_ETHEREUM_DEVNET: `lighthouse-a=${a.url},teku-b=${b.url}`,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_LIGHTHOUSE_A: TOKEN_A,
      KEYMANAGER_TOKEN_ETHEREUM_DEVNET_TEKU_B: TOKEN_B,
    };
    const args = ["--network", "ethereum", "--environment", "devnet", "--pubkey", `0x${pubkey}`, "--to", "teku-b"];
    const code = await moveKeyCommand(args, env);
    vi.restoreAllMocks();
    storage = await openStorage({ dataDir });
    expect(code).toBe(0);
    expect(a.store.has(`0x${pubkey}`)).toBe(false);
    expect(b.store.has(`0x${pubkey}`)).toBe(true);
    expect(b.store.slashingProtection(`0x${pubkey}`)).toEqual(record(pubkey));
    expect(b.store.feeRecipient(`0x${pubkey}`)).toBe(DEVNET_CLAIM);
    expect(calls(a, "DELETE")).toBe(1);
    expect(calls(b, "POST")).toBe(1);
    expect(printed.at(-1)).toBe(
      `Imported into "teku-b" with that record, fee recipient ${DEVNET_CLAIM}: 0x${pubkey} now runs in "teku-b" only`,
    );
    expect(printed.join("\n")).not.toContain(TOKEN_A);
    expect(await assignment()).toMatchObject({ clientId: "teku-b", moveStep: null, moveTo: null });

    // Later passes (weights still send new keys to lighthouse-a) never put the key back there.
    job = new ValidatorHandoff({ storage, backoffMs: 1, targets: [target()] });
    for (let pass = 0; pass < 3; pass++) await job.runNow();
    expect(calls(a, "POST")).toBe(1);
    expect(a.store.has(`0x${pubkey}`)).toBe(false);
  });

  it("never asks the new client before the old one's delete succeeded, and goes on from the import after a failure there", async () => {
    const pubkey = await keyInA();
    const say = () => {};
    // The old client refuses the delete (here: a wrong token): the move stops, the new client is never asked.
    await expect(
      moveKey(
        storage,
        target({ a: "not-lighthouse-a-token-0000000000" }),
        { pubkey, to: "teku-b", acceptNotFound: false },
        { say },
      ),
    ).rejects.toThrow("DELETE /eth/v1/keystores: HTTP 401");
    expect(b.requests).toEqual([]);
    expect(a.store.has(`0x${pubkey}`)).toBe(true);
    expect(await assignment()).toMatchObject({ clientId: "lighthouse-a", moveTo: "teku-b", moveStep: "delete" });

    // The delete succeeds, then the new client is down: the step and the record are kept.
    const port = Number(new URL(b.url).port);
    await b.stop();
    await expect(moveKey(storage, target(), { pubkey, to: "teku-b", acceptNotFound: false }, { say })).rejects.toThrow(
      "POST /eth/v1/keystores: validator client unreachable",
    );
    expect(a.store.has(`0x${pubkey}`)).toBe(false);
    expect(await assignment()).toMatchObject({ clientId: "lighthouse-a", moveStep: "import" });
    expect(JSON.parse((await assignment())?.moveSlashingProtection ?? "{}")).toEqual(record(pubkey));

    // Run again once it is back: it imports with the stored record, without deleting again.
    b = await startValidatorClient({ port, defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_B });
    await moveKey(storage, target(), { pubkey, to: "teku-b", acceptNotFound: false }, { say });
    expect(b.store.slashingProtection(`0x${pubkey}`)).toEqual(record(pubkey));
    expect(calls(a, "DELETE")).toBe(1);
    expect(await assignment()).toMatchObject({ clientId: "teku-b", moveStep: null });
  });

  it("stops on not_found from a client that had imported the key, until the operator passes --accept-not-found", async () => {
    const pubkey = await keyInA();
    // The old client lost its data: same address, nothing held, no slashing-protection record.
    const port = Number(new URL(a.url).port);
    await a.stop();
    a = await startValidatorClient({ port, defaultFeeRecipient: `0x${"00".repeat(20)}`, token: TOKEN_A });
    const say = () => {};
    const request = { pubkey, to: "teku-b", acceptNotFound: false };
    await expect(moveKey(storage, target(), request, { say })).rejects.toThrow(
      `"lighthouse-a" answered not_found: it does not hold 0x${pubkey} and has no slashing-protection record for it`,
    );
    await expect(moveKey(storage, target(), request, { say })).rejects.toThrow("--accept-not-found");
    expect(b.requests).toEqual([]);

    await moveKey(storage, target(), { ...request, acceptNotFound: true }, { say });
    expect(b.store.slashingProtection(`0x${pubkey}`)).toEqual(
      record(pubkey, { signed_blocks: [], signed_attestations: [] }),
    );
    expect(await assignment()).toMatchObject({ clientId: "teku-b", moveStep: null });
  });
});
