import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../../server/app.ts";
import { parseEnv } from "../../../server/config/env.ts";
import { openStorage, type Storage as ServerStorage } from "../../../server/storage/database.ts";
import { createServerSignIn, SIGN_IN_TOKEN_KEY } from "./server-sign-in.ts";

let server: FastifyInstance;
let database: ServerStorage;
let apiUrl: string;
// anvil's first dev account: a well-known test key.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

beforeAll(async () => {
  database = await openStorage({ dataDir: "memory://" });
  server = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", RPC_UPSTREAM_POLICY: "replace" }),
    database,
    { logger: false },
  );
  apiUrl = (await server.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A page's local storage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage;
}

describe("createServerSignIn against the real staking server", () => {
  it("signs in with a server nonce, keeps the session token and restores the session after a reload", async () => {
    const storage = memoryStorage();
    const signIn = createServerSignIn(`${apiUrl}/`, { required: true, statement: "Sign in", storage });
    expect(await signIn.getSession()).toBeUndefined();
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: "127.0.0.1:5173",
      uri: "http://127.0.0.1:5173",
      nonce: await signIn.getNonce(),
      version: "1",
      statement: signIn.statement,
    });
    const session = await signIn.verify({ message, signature: await account.signMessage({ message }) });
    expect(session).toEqual({ address: account.address, chainId: 31337 });
    expect(storage.getItem(SIGN_IN_TOKEN_KEY)).toMatch(/^[0-9a-f]{64}$/);
    const reloaded = createServerSignIn(apiUrl, { required: true, storage });
    expect(await reloaded.getSession()).toEqual({ address: account.address, chainId: 31337 });
  });

  it("rejects a signature the server refuses, keeping no token", async () => {
    const storage = memoryStorage();
    const signIn = createServerSignIn(apiUrl, { required: true, storage });
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: "127.0.0.1:5173",
      uri: "http://127.0.0.1:5173",
      nonce: "neverIssuedByServer1",
      version: "1",
    });
    await expect(signIn.verify({ message, signature: await account.signMessage({ message }) })).rejects.toMatchObject({
      status: 400,
    });
    expect(storage.getItem(SIGN_IN_TOKEN_KEY)).toBeNull();
  });

  it("signs out: the server ends the session and this browser forgets the token", async () => {
    const storage = memoryStorage();
    const signIn = createServerSignIn(apiUrl, { required: true, storage });
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: "127.0.0.1:5173",
      uri: "http://127.0.0.1:5173",
      nonce: await signIn.getNonce(),
      version: "1",
    });
    await signIn.verify({ message, signature: await account.signMessage({ message }) });
    const token = storage.getItem(SIGN_IN_TOKEN_KEY);
    await signIn.signOut();
    expect(storage.getItem(SIGN_IN_TOKEN_KEY)).toBeNull();
    expect(await signIn.getSession()).toBeUndefined();
    const old = await fetch(`${apiUrl}/siwe/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(old.status).toBe(401);
    // Signing out again, with no token left, asks nothing and succeeds.
    await signIn.signOut();
  });
});
