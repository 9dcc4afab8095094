import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

let app: FastifyInstance;
let storage: Storage;
const ORIGIN = "https://app.stake.test";
// anvil's first dev account: a well-known test key, never used for value.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", CORS_ORIGINS: ORIGIN, SERVE_KINDS: "devnet", RPC_UPSTREAM_POLICY: "replace" }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const nonce = async () => (await app.inject({ method: "GET", url: "/siwe/nonce" })).json().nonce as string;
const verify = (payload: object, origin = ORIGIN) =>
  app.inject({ method: "POST", url: "/siwe/verify", payload, headers: { origin } });

async function signed(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, signer = account) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: "app.stake.test",
    uri: ORIGIN,
    nonce: await nonce(),
    version: "1",
    issuedAt: new Date(),
    ...overrides,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

describe("sign-in with Ethereum", () => {
  it("verifies a signed message once, opens a session and answers it for the bearer token", async () => {
    const body = await signed();
    const response = await verify(body);
    expect(response.statusCode).toBe(200);
    const { token, ...session } = response.json();
    expect(session).toMatchObject({ address: account.address, chainId: 31337 });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const restored = await app.inject({
      method: "GET",
      url: "/siwe/session",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(restored.json()).toMatchObject({ address: account.address, chainId: 31337 });

    const replay = await verify(body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "nonce_invalid", field: "message" });
    const unknown = await app.inject({
      method: "GET",
      url: "/siwe/session",
      headers: { authorization: `Bearer ${"0".repeat(64)}` },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("refuses another site's domain, a URI that is not the asking page, a chain not served and a nonce it never issued", async () => {
    expect((await verify(await signed({ domain: "evil.example", uri: "https://evil.example" }))).json()).toMatchObject({
      code: "domain_not_allowed",
      message: 'message: the domain "evil.example" may not sign in here',
    });
    expect((await verify(await signed(), "https://evil.example")).json()).toMatchObject({ code: "domain_mismatch" });
    expect((await verify(await signed({ chainId: 1 }))).json()).toMatchObject({
      code: "chain_not_served",
      message: "message: chain 1 is not served here: expected one of 31337, 31338",
    });
    expect((await verify(await signed({ nonce: "notIssuedByTheServer1" }))).json()).toMatchObject({
      code: "nonce_invalid",
    });
    expect((await verify(await signed({ expirationTime: new Date(Date.now() - 60_000) }))).json()).toMatchObject({
      code: "message_expired",
    });
  });

  it("answers 401 for a signature of another key, and 400 for a body that is not a signed message", async () => {
    const other = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    const forged = await verify(await signed({}, other));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: "bad_signature", field: "signature" });
    const malformed = await verify({ message: "hello", signature: "0x12" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: "signature" });
  });
});
