import { deriveKeyFromEntropy, deriveKeyFromMaster } from "@chainsafe/bls-keygen";
import { decrypt } from "@chainsafe/bls-keystore";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { FastifyInstance } from "fastify";
import { bytesToHex, hexToBytes } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blsPublicKey } from "../../src/core/deposit/index.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorKeys } from "../storage/schema.ts";
import { keystorePassword } from "./keystore-password.ts";

// An operator's seed and keystore key for this test only.
const DEPOSIT_SEED = "0x772d9c4ec33fa1fdfcf85505e977c8022b21386f58b5cb5f56481c654607e18f";
const KEYSTORE_KEY = "e7c1080f3358bc64de0ed1379d16c1afc951e154646bb6a3313ab24df0e6ace2";
// The public devnet seed (docs/security.md, "Deposits and validator keys").
const DEVNET_SEED = new TextEncoder().encode("stake-devnet-deposit-seed-public-not-secret-0001");
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The documented derivation: HKDF-SHA256(root, no salt, info, 32) → EIP-2333 master → m/12381/3600/i/0/0. */
function documentedPubkey(root: Uint8Array, info: string, index: number): string {
  const master = deriveKeyFromEntropy(hkdf(sha256, root, undefined, new TextEncoder().encode(info), 32));
  return bytesToHex(blsPublicKey(deriveKeyFromMaster(master, `m/12381/3600/${index}/0/0`))).slice(2);
}

let storage: Storage;
let app: FastifyInstance;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "mainnet,testnet,devnet", DEPOSIT_SEED, KEYSTORE_KEY }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const firstPubkey = async (environment: string, idempotencyKey: string) => {
  const response = await app.inject({
    method: "POST",
    url: "/deposit-data",
    payload: {
      owner: OWNER,
      network: "ethereum",
      environment,
      credentialType: "0x01",
      validatorCount: 1,
      idempotencyKey,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().depositData[0].pubkey as string;
};

describe("validator keys per environment", () => {
  it("signs devnet deposits with the public devnet seed even when DEPOSIT_SEED is set", async () => {
    const pubkey = await firstPubkey("devnet", "devnet-branch-1");
    expect(pubkey).toBe(documentedPubkey(DEVNET_SEED, "stake-deposit-keys:v1:ethereum:devnet", 0));
    // Before, a devnet request spent the provider's own key at index 0.
    const providerMaster = deriveKeyFromEntropy(hexToBytes(DEPOSIT_SEED));
    expect(pubkey).not.toBe(
      bytesToHex(blsPublicKey(deriveKeyFromMaster(providerMaster, "m/12381/3600/0/0/0"))).slice(2),
    );
  });

  it("gives mainnet and Hoodi keys from their own branches of DEPOSIT_SEED, each from index 0, untouched by devnet requests", async () => {
    await firstPubkey("devnet", "devnet-branch-2");
    const seed = hexToBytes(DEPOSIT_SEED);
    expect(await firstPubkey("mainnet", "mainnet-branch-1")).toBe(
      documentedPubkey(seed, "stake-deposit-keys:v1:ethereum:mainnet", 0),
    );
    expect(await firstPubkey("hoodi", "hoodi-branch-1")).toBe(
      documentedPubkey(seed, "stake-deposit-keys:v1:ethereum:hoodi", 0),
    );
    expect(await firstPubkey("mainnet", "mainnet-branch-2")).toBe(
      documentedPubkey(seed, "stake-deposit-keys:v1:ethereum:mainnet", 1),
    );
  });

  it("stores mainnet keystores at EIP-2335's scrypt cost (n 262144, r 8, p 1) that decrypt with their own password, derived from KEYSTORE_KEY, not with KEYSTORE_KEY", async () => {
    const pubkey = await firstPubkey("mainnet", "mainnet-keystore-1");
    const stored = async () =>
      (await storage.db.select().from(validatorKeys)).find((row) => row.pubkey === pubkey && row.keystore !== null);
    await expect.poll(stored, { timeout: 30_000 }).toBeDefined();
    const keystore = (await stored())?.keystore as Parameters<typeof decrypt>[0];
    expect(keystore).toMatchObject({
      version: 4,
      pubkey,
      path: "m/12381/3600/2/0/0",
      crypto: {
        kdf: { function: "scrypt", params: { dklen: 32, n: 262_144, r: 8, p: 1 } },
        checksum: { function: "sha256" },
        cipher: { function: "aes-128-ctr" },
      },
    });
    const secret = await decrypt(keystore, keystorePassword(KEYSTORE_KEY, pubkey));
    expect(bytesToHex(blsPublicKey(secret)).slice(2)).toBe(pubkey);
    await expect(decrypt(keystore, KEYSTORE_KEY)).rejects.toThrow();
  });
});

describe("served environments by default", () => {
  it("serves no devnet deposit data unless SERVE_KINDS names devnet", async () => {
    const defaults = await buildServer(parseEnv({ LOG_LEVEL: "silent" }), storage, { logger: false });
    try {
      const response = await defaults.inject({
        method: "POST",
        url: "/deposit-data",
        payload: {
          owner: OWNER,
          network: "ethereum",
          environment: "devnet",
          credentialType: "0x01",
          validatorCount: 1,
          idempotencyKey: "default-kinds-1",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: "environment",
        message: '"devnet" is not served here: expected "mainnet" or "hoodi"',
      });
    } finally {
      await defaults.close();
    }
  });
});
