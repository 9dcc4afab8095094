import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

let app: FastifyInstance;
let storage: Storage;
let anvil: RunningAnvil;
const ORIGIN = "https://app.stake.test";
// anvil's first dev account: a well-known test key, never used for value.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

beforeAll(async () => {
  anvil = await startAnvil();
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      CORS_ORIGINS: ORIGIN,
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      // The chain is asked only when a signature is not the address's own key (is the address a contract?).
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
    }),
    storage,
    { logger: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await anvil?.stop();
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

  it("answers 400 saying what is wrong for signatures no account could have made, never a 500", async () => {
    const { message, signature } = await signed();
    const body = signature.slice(2, 130);
    const n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
    const cases: Array<[string, string]> = [
      [`0x${body}05`, "signature: its v byte is 5: expected 27 or 28"],
      [`0x${body}ff`, "signature: its v byte is 255: expected 27 or 28"],
      [
        `0x${"00".repeat(32)}${body.slice(64)}1b`,
        "signature: its r value is out of range: expected 1 to the curve order minus 1",
      ],
      [`0x${body.slice(0, 64)}${n}1c`, "signature: its s value is out of range: expected 1 to the curve order minus 1"],
      [`${signature}00`, "signature: an account without code signs with its key: expected 65 bytes (r, s, v), got 66"],
      ["0x12", "signature: expected 65 to 8192 bytes, got 1"],
      [`${signature}0`, "signature: expected 0x followed by an even number of hexadecimal digits"],
      [`0x${"zz".repeat(65)}`, "signature: expected 0x followed by an even number of hexadecimal digits"],
    ];
    for (const [malformed, expected] of cases) {
      const response = await verify({ message, signature: malformed });
      expect(response.statusCode, malformed).toBe(400);
      expect(response.json(), malformed).toEqual({ code: "invalid_signature", message: expected, field: "signature" });
    }
    // None of them used the nonce: the right signature still signs in.
    expect((await verify({ message, signature })).statusCode).toBe(200);
  });

  it("ends the session at the message's Expiration Time when that comes before 24 hours", async () => {
    const expirationTime = new Date(Date.now() + 2_000);
    const response = await verify(await signed({ expirationTime }));
    expect(response.statusCode).toBe(200);
    const { token, expiresAt } = response.json();
    expect(expiresAt).toBe(expirationTime.toISOString());
    await expect.poll(async () => (await sessionOf(token)).statusCode, { timeout: 10_000, interval: 200 }).toBe(401);
  });

  it("signs out: POST /siwe/signout ends the session at once", async () => {
    const { token } = (await verify(await signed())).json();
    expect((await sessionOf(token)).statusCode).toBe(200);
    const signOut = (authorization?: string) =>
      app.inject({ method: "POST", url: "/siwe/signout", headers: authorization ? { authorization } : {} });
    expect((await signOut(`Bearer ${token}`)).statusCode).toBe(204);
    expect((await sessionOf(token)).json()).toEqual({
      code: "no_session",
      message: "No live session: sign in again",
      field: "authorization",
    });
    expect((await signOut(`Bearer ${token}`)).statusCode).toBe(204);
    const anonymous = await signOut();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "no_session", field: "authorization" });
  });

  it("deletes expired sessions from the database when it issues a new one", async () => {
    const { token } = (await verify(await signed({ expirationTime: new Date(Date.now() + 1_000) }))).json();
    const stored = async () => {
      const hash = createHash("sha256").update(token).digest("hex");
      const rows = await storage.rows<{ count: number }>(
        sql`select count(*)::int as count from siwe_sessions where token_hash = ${hash}`,
      );
      return rows[0]?.count;
    };
    await expect.poll(async () => (await sessionOf(token)).statusCode, { timeout: 10_000, interval: 200 }).toBe(401);
    expect(await stored()).toBe(1);
    expect((await verify(await signed())).statusCode).toBe(200);
    expect(await stored()).toBe(0);
  });
});

function sessionOf(token: string) {
  return app.inject({ method: "GET", url: "/siwe/session", headers: { authorization: `Bearer ${token}` } });
}
