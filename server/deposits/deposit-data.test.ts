import { decrypt, type IKeystore } from "@chainsafe/bls-keystore";
import type { FastifyInstance } from "fastify";
import { bytesToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blsPublicKey, verifyDepositData } from "../../src/core/deposit/index.ts";
import { networks } from "../../src/generated/index.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorKeys } from "../storage/schema.ts";
import { encryptKeystore } from "./encrypt-keystore.ts";
import { keystorePassword } from "./keystore-password.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const devnet = networks.ethereum.environments.find((environment) => environment.kind === "devnet");
const FORK = devnet?.genesisForkVersion ?? "missing";

let storage: Storage;
let app: FastifyInstance;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet" }), storage, {
    logger: false,
  });
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const post = (body: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/deposit-data",
    payload: {
      owner: OWNER,
      network: "ethereum",
      environment: "devnet",
      idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
      ...body,
    },
  });

describe("deposit-data service", () => {
  it("creates 0x01 validators whose deposit data passes the browser's verifier, with keystores that decrypt to the same keys", async () => {
    const response = await post({ credentialType: "0x01", validatorCount: 2 });
    expect(response.statusCode).toBe(201);
    const { depositData } = response.json();
    const verification = verifyDepositData(depositData, {
      forkVersion: FORK,
      withdrawalAddress: OWNER,
      credentialType: "0x01",
      amountsGwei: [32_000_000_000n, 32_000_000_000n],
    });
    expect(verification).toMatchObject({ ok: true });
    expect(depositData[0].network_name).toBe("devnet");

    // Keystores are encrypted in the background after the answer.
    const mine = async () =>
      (await storage.db.select().from(validatorKeys)).filter(
        (row) => row.keystore !== null && depositData.some((entry: { pubkey: string }) => entry.pubkey === row.pubkey),
      );
    await expect.poll(async () => (await mine()).length, { timeout: 30_000 }).toBe(2);
    for (const row of await mine()) {
      const keystore = row.keystore as Parameters<typeof decrypt>[0];
      expect(keystore.path).toMatch(/^m\/12381\/3600\/\d+\/0\/0$/);
      // Devnet keystores: a password derived per key from the public devnet key, scrypt at the lower devnet cost.
      expect(keystore.crypto.kdf).toMatchObject({ function: "scrypt", params: { n: 16_384, r: 8, p: 1, dklen: 32 } });
      const password = keystorePassword("stake-devnet-keystore-key-public-not-secret", row.pubkey);
      const secret = await decrypt(keystore, password);
      expect(bytesToHex(blsPublicKey(secret)).slice(2)).toBe(row.pubkey);
    }
  });

  it("returns the same validators when retried with the same idempotency key, and refuses the key for another deposit", async () => {
    const idempotencyKey = "retry-after-timeout-1";
    const first = await post({ credentialType: "0x01", validatorCount: 1, idempotencyKey });
    const again = await post({ credentialType: "0x01", validatorCount: 1, idempotencyKey });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().depositData).toEqual(first.json().depositData);
    const other = await post({ credentialType: "0x01", validatorCount: 2, idempotencyKey });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "idempotency_key_reused", field: "idempotencyKey" });
  });

  it("answers concurrent retries of one request with one set of validators", async () => {
    const idempotencyKey = "double-click-1";
    const responses = await Promise.all(
      [1, 2, 3].map(() => post({ credentialType: "0x01", validatorCount: 1, idempotencyKey })),
    );
    const pubkeys = new Set(responses.map((response) => response.json().depositData[0].pubkey));
    expect(pubkeys.size).toBe(1);
  });

  it("never gives two requests the same validator key", async () => {
    const a = (await post({ credentialType: "0x01", validatorCount: 1 })).json().depositData[0].pubkey;
    const b = (await post({ credentialType: "0x01", validatorCount: 1 })).json().depositData[0].pubkey;
    expect(a).not.toBe(b);
  });

  it("creates one 0x02 compounding validator of the chosen amount", async () => {
    const response = await post({ credentialType: "0x02", amount: "100.5" });
    expect(response.statusCode).toBe(201);
    const { depositData } = response.json();
    expect(depositData).toHaveLength(1);
    expect(depositData[0].amount).toBe(100_500_000_000);
    expect(depositData[0].withdrawal_credentials.startsWith("02")).toBe(true);
  });

  it("rejects amounts, counts, addresses and networks outside config with the field at fault", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ credentialType: "0x02", amount: "2049" }, "amount"],
      [{ credentialType: "0x02", amount: "31.9" }, "amount"],
      [{ credentialType: "0x02", amount: "32.0000000001" }, "amount"],
      [{ credentialType: "0x01", validatorCount: 65 }, "validatorCount"],
      [{ credentialType: "0x01", validatorCount: 0 }, "validatorCount"],
      [{ credentialType: "0x01", validatorCount: 1, owner: "0x70997970c51812dc3A010C7d01b50e0d17dc79C8" }, "owner"],
      [{ credentialType: "0x01", validatorCount: 1, owner: "0x1234" }, "owner"],
      [{ credentialType: "0x01", validatorCount: 1, network: "avalanche" }, "network"],
      [{ credentialType: "0x01", validatorCount: 1, environment: "sepolia" }, "environment"],
      [{ credentialType: "0x01", validatorCount: 1, idempotencyKey: "x" }, "idempotencyKey"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
  });

  it("serves no mainnet deposit data until the operator configures its own keys", async () => {
    const response = await post({ credentialType: "0x01", validatorCount: 1, environment: "mainnet" });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe("deposit_keys_not_configured");
  });

  it("writes the keystores a stopped server left unwritten when it starts again", async () => {
    const own = await openStorage({ dataDir: "memory://" });
    const start = () => buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), own, { logger: false });
    try {
      const first = await start();
      const response = await first.inject({
        method: "POST",
        url: "/deposit-data",
        payload: {
          owner: OWNER,
          network: "ethereum",
          environment: "devnet",
          credentialType: "0x01",
          validatorCount: 2,
          idempotencyKey: "restart-keystores",
        },
      });
      expect(response.statusCode).toBe(201);
      const written = async () =>
        (await own.db.select().from(validatorKeys)).filter((row) => row.keystore !== null).length;
      await expect.poll(written, { timeout: 30_000 }).toBe(2);
      await first.close();
      // As if the server had stopped between its answer and the keystores.
      await own.db.update(validatorKeys).set({ keystore: null });
      const restarted = await start();
      await restarted.ready();
      await expect.poll(written, { timeout: 30_000 }).toBe(2);
      await restarted.close();
    } finally {
      await own.close();
    }
  });

  it("rewrites at start-up a keystore an earlier version encrypted with the keystore key itself, under the key's own password", {
    timeout: 200_000,
  }, async () => {
    const own = await openStorage({ dataDir: "memory://" });
    const start = () => buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" }), own, { logger: false });
    const devnetKey = "stake-devnet-keystore-key-public-not-secret";
    try {
      const first = await start();
      await first.inject({
        method: "POST",
        url: "/deposit-data",
        payload: {
          owner: OWNER,
          network: "ethereum",
          environment: "devnet",
          credentialType: "0x01",
          validatorCount: 1,
          idempotencyKey: "legacy-keystore",
        },
      });
      const row = async () => (await own.db.select().from(validatorKeys))[0];
      await expect.poll(async () => (await row())?.keystore ?? null, { timeout: 90_000 }).not.toBeNull();
      await first.close();
      const written = await row();
      const pubkey = written?.pubkey ?? "";
      const secret = await decrypt(written?.keystore as IKeystore, keystorePassword(devnetKey, pubkey));
      // As an earlier version stored it: encrypted with the devnet keystore key itself.
      const legacy = encryptKeystore({
        secretKey: secret,
        pubkey,
        path: "m/12381/3600/0/0/0",
        password: devnetKey,
        cost: { n: 16_384, r: 8, p: 1 },
        description: "written before per-key passwords",
      });
      await own.db.update(validatorKeys).set({ keystore: legacy, keystorePerKeyPassword: false });

      const restarted = await start();
      await restarted.ready();
      await expect.poll(async () => (await row())?.keystorePerKeyPassword, { timeout: 90_000 }).toBe(true);
      await restarted.close();
      const rewritten = (await row())?.keystore as IKeystore;
      const opened = await decrypt(rewritten, keystorePassword(devnetKey, pubkey));
      expect(bytesToHex(blsPublicKey(opened)).slice(2)).toBe(pubkey);
      await expect(decrypt(rewritten, devnetKey)).rejects.toThrow();
    } finally {
      await own.close();
    }
  });
});
