import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { type Abi, createPublicClient, createWalletClient, getAddress, hashMessage, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileContracts } from "../../contracts/build/compile-contracts.ts";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/** Account names: registration signed by an account key or an EIP-1271 wallet, lookups, suggestions, identity. */
// anvil's dev accounts: well-known test keys, never used for value.
const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const bob = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
// ENSIP-11 coin type of chain 31337: 0x80000000 | 31337.
const DEVNET_COIN_TYPE = 2_147_514_985;

let anvil: RunningAnvil;
let app: FastifyInstance;
let storage: Storage;
let contractWallet: `0x${string}`;

beforeAll(async () => {
  anvil = await startAnvil();
  const compiled = compileContracts(join(dirname(fileURLToPath(import.meta.url)), "../siwe/test-wallet"));
  const wallet = compiled.contracts.find((entry) => entry.name === "OwnedWallet");
  if (!wallet) throw new Error("OwnedWallet was not compiled");
  const client = createWalletClient({ account: alice, chain: ethereumDevnetChain, transport: http(anvil.rpcUrl) });
  const hash = await client.deployContract({ abi: wallet.abi as Abi, bytecode: wallet.bytecode, args: [bob.address] });
  const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash });
  contractWallet = getAddress(receipt.contractAddress ?? "");
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: `http://127.0.0.1:${await freePort()}`,
      // Every request here comes from one client address; the limits have tests of their own.
      NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT: "100",
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

const now = () => Math.floor(Date.now() / 1000);
const messageFor = (name: string, timestamp = now(), attributes: Record<string, string> = {}) =>
  JSON.stringify({ name, attributes, timestamp });
const register = (payload: object) =>
  app.inject({ method: "POST", url: `/blockchain-api/v1/profile/account?${CLIENT}`, payload });
const get = (path: string) => app.inject({ method: "GET", url: `/blockchain-api/${path}` });

describe("account names", () => {
  it("registers a name signed by the account's key, resolves it both ways and shows it as the identity", async () => {
    const message = messageFor("Alice-1.meridian.id", now(), { avatar: "https://example.org/alice.png" });
    const response = await register({
      coin_type: DEVNET_COIN_TYPE,
      address: alice.address,
      message,
      signature: await alice.signMessage({ message }),
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      name: "alice-1.meridian.id",
      addresses: { [DEVNET_COIN_TYPE]: { address: alice.address } },
      attributes: { avatar: "https://example.org/alice.png" },
    });
    expect(Math.abs(profile.registered - now())).toBeLessThan(60);
    expect((await get(`v1/profile/account/alice-1.meridian.id?${CLIENT}&apiVersion=2`)).json()).toEqual(profile);
    expect((await get(`v1/profile/reverse/${alice.address.toLowerCase()}?${CLIENT}&apiVersion=2`)).json()).toEqual([
      profile,
    ]);
    expect((await get(`v1/identity/${alice.address}?${CLIENT}&sender=${bob.address}`)).json()).toEqual({
      name: "alice-1.meridian.id",
      avatar: "https://example.org/alice.png",
    });
  });

  it("registers a name for an EIP-1271 contract wallet its owner signed for", async () => {
    const message = messageFor("vault.meridian.id");
    const response = await register({
      coin_type: DEVNET_COIN_TYPE,
      address: contractWallet,
      message,
      signature: await bob.sign({ hash: hashMessage(message) }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().addresses[DEVNET_COIN_TYPE].address).toBe(contractWallet);
  });

  it("refuses a name someone else signed for, a taken name and a stale message", async () => {
    const message = messageFor("mallory.meridian.id");
    const forged = await register({
      coin_type: DEVNET_COIN_TYPE,
      address: alice.address,
      message,
      signature: await bob.signMessage({ message }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      code: "bad_signature",
      message: "signature: it was not made by the message's address",
      field: "signature",
    });
    const taken = messageFor("alice-1.meridian.id");
    const conflict = await register({
      coin_type: DEVNET_COIN_TYPE,
      address: bob.address,
      message: taken,
      signature: await bob.signMessage({ message: taken }),
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: "name_taken",
      message: "message: alice-1.meridian.id is registered to another address",
      field: "message",
    });
    const stale = messageFor("bobby.meridian.id", now() - 601);
    const old = await register({
      coin_type: DEVNET_COIN_TYPE,
      address: bob.address,
      message: stale,
      signature: await bob.signMessage({ message: stale }),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: "invalid_message", field: "message" });
    const milliseconds = messageFor("bobby.meridian.id", Date.now());
    expect(
      (
        await register({
          coin_type: DEVNET_COIN_TYPE,
          address: bob.address,
          message: milliseconds,
          signature: await bob.signMessage({ message: milliseconds }),
        })
      ).json().message,
    ).toBe("message: timestamp: expected Unix seconds, got what looks like milliseconds");
  });

  it("holds names to the account-name rule: at least 4 characters, letters, digits and hyphen", async () => {
    for (const name of ["bob.meridian.id", "bob_1.meridian.id", "b b b.meridian.id"]) {
      const message = messageFor(name);
      const response = await register({
        coin_type: DEVNET_COIN_TYPE,
        address: bob.address,
        message,
        signature: await bob.signMessage({ message }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "invalid_name",
        message: "message: an account name needs at least 4 characters (at most 63), letters, digits and hyphen only",
        field: "message",
      });
    }
    expect((await get(`v1/profile/suggestions/ab?${CLIENT}`)).json().field).toBe("name");
  });

  it("names the field of malformed input", async () => {
    const message = messageFor("carol.meridian.id");
    const signature = await alice.signMessage({ message });
    const base = { coin_type: DEVNET_COIN_TYPE, address: alice.address, message, signature };
    const cases: [object, string, number][] = [
      [{ ...base, coin_type: 2_147_483_648 + 999 }, "coin_type", 400],
      [{ ...base, coin_type: 0 }, "coin_type", 400],
      [{ ...base, address: "0x12" }, "address", 400],
      [{ ...base, message: "not json" }, "message", 400],
      [{ ...base, message: messageFor("carol.example.eth") }, "message", 400],
      [{ ...base, signature: "0x1234" }, "signature", 400],
      [{ coin_type: DEVNET_COIN_TYPE, address: alice.address, message }, "signature", 400],
    ];
    for (const [payload, field, status] of cases) {
      const response = await register(payload);
      expect({ field, status: response.statusCode, got: response.json().field }).toEqual({ field, status, got: field });
    }
    expect((await get(`v1/profile/account/nobody.meridian.id?${CLIENT}`)).statusCode).toBe(404);
    expect((await get(`v1/profile/reverse/0x12?${CLIENT}`)).json().field).toBe("address");
  });

  it("suggests the asked-for name with its availability, then free variations", async () => {
    const response = await get(`v1/profile/suggestions/alice?${CLIENT}&zone=meridian.id`);
    expect(response.json()).toEqual({
      suggestions: [
        { name: "alice.meridian.id", registered: false },
        { name: "alice-2.meridian.id", registered: false },
        { name: "alice-3.meridian.id", registered: false },
        { name: "alice-4.meridian.id", registered: false },
        { name: "alice-5.meridian.id", registered: false },
      ],
    });
    const taken = (await get(`v1/profile/suggestions/alice-1?${CLIENT}`)).json().suggestions[0];
    expect(taken).toEqual({ name: "alice-1.meridian.id", registered: true });
    expect((await get(`v1/profile/suggestions/alice?${CLIENT}&zone=reown.id`)).json().field).toBe("zone");
  });

  it("answers an identity of nulls for an address without a name", async () => {
    const response = await get(`v1/identity/${bob.address}?${CLIENT}`);
    expect(response.json()).toEqual({ name: null, avatar: null });
  });
});
