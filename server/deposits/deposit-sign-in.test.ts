import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const ORIGIN = "https://app.stake.test";
// anvil's first dev account: a well-known test key, never used for value.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const OTHER_OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let storage: Storage;
let app: FastifyInstance;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", CORS_ORIGINS: ORIGIN, SERVE_KINDS: "devnet", DEPOSIT_REQUIRES_SIGN_IN: "true" }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

async function signIn(): Promise<string> {
  const nonce = (await app.inject({ method: "GET", url: "/siwe/nonce" })).json().nonce as string;
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: "app.stake.test",
    uri: ORIGIN,
    nonce,
    version: "1",
    issuedAt: new Date(),
  });
  const response = await app.inject({
    method: "POST",
    url: "/siwe/verify",
    headers: { origin: ORIGIN },
    payload: { message, signature: await account.signMessage({ message }) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

const post = (owner: string, idempotencyKey: string, authorization?: string) =>
  app.inject({
    method: "POST",
    url: "/deposit-data",
    headers: authorization ? { authorization } : {},
    payload: {
      owner,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      idempotencyKey,
    },
  });

describe("deposit data with DEPOSIT_REQUIRES_SIGN_IN=true", () => {
  it("refuses a request without a live sign-in session with 401", async () => {
    for (const authorization of [undefined, `Bearer ${"ab".repeat(32)}`, "Basic dXNlcjpwYXNz"]) {
      const response = await post(account.address, "no-session-1", authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({
        code: "sign_in_required",
        field: "authorization",
        message: expect.stringContaining("sign in with the owner's wallet"),
      });
    }
  });

  it("refuses a session of another address than owner with 403, and serves the owner's own session", async () => {
    const token = await signIn();
    const other = await post(OTHER_OWNER, "other-owner-1", `Bearer ${token}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: "owner_not_signed_in",
      field: "owner",
      message: `owner: ${OTHER_OWNER} is not the signed-in address ${account.address}: sign in with the owner's wallet`,
    });
    const own = await post(account.address, "own-session-1", `Bearer ${token}`);
    expect(own.statusCode).toBe(201);
    expect(own.json().depositData).toHaveLength(1);
  });
});
