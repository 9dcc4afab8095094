import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../../server/app.ts";
import { parseEnv } from "../../../server/config/env.ts";
import { openStorage, type Storage } from "../../../server/storage/database.ts";
import { type RunningAnvil, startAnvil } from "../../../tests/support/anvil.ts";
import { freePort } from "../../../tests/support/free-port.ts";
import { HttpStatusError } from "../errors/kit-error.ts";
import { createAccountData } from "./account-data.ts";
import { type BlockchainApiClient, createBlockchainApiClient } from "./blockchain-api-client.ts";
import { nameRegistrationMessage, RegisterNameError, registerAccountName } from "./name-registration.ts";

/** The kit's blockchain API client against the staking server's real blockchain API (anvil, PGlite). */
// anvil's dev accounts: well-known test keys, never used for value.
const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const bob = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const carol = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
// ENSIP-11 coin type of chain 31337: 0x80000000 | 31337.
const DEVNET_COIN_TYPE = 2_147_514_985;

let anvil: RunningAnvil;
let app: FastifyInstance;
let storage: Storage;
let client: BlockchainApiClient;
let zone: string;

beforeAll(async () => {
  anvil = await startAnvil();
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: `http://127.0.0.1:${await freePort()}`,
    }),
    storage,
    { logger: false },
  );
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  client = createBlockchainApiClient({
    baseUrl: `${address}/blockchain-api/`,
    projectId: "kit-test",
    sdkType: "modal-kit",
    sdkVersion: "1",
  });
  const [asked] = await client.suggestions("zone-probe");
  zone = (asked?.name ?? "").replace(/^zone-probe\./, "");
}, 60_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await anvil?.stop();
});

describe("blockchain API client", () => {
  it("reads the native balance of a dev account on the devnet chain", async () => {
    const [native] = await client.balances(alice.address, "eip155:31337");
    expect(native).toMatchObject({ symbol: "ETH", chainId: "eip155:31337", quantity: { decimals: "18" } });
  });

  it("reads an empty identity and a page of history", async () => {
    expect(await client.identity(bob.address)).toEqual({ name: null, avatar: null });
    expect(await client.history(bob.address, "eip155:31337")).toMatchObject({ data: expect.any(Array) });
  });

  it("registers a signed name, then it is taken and the server's reason is the registration error", async () => {
    const name = `kit-alice.${zone}`;
    const message = nameRegistrationMessage(name, Date.now());
    const signature = await alice.signMessage({ message });
    expect(
      await client.registerName({ coinType: DEVNET_COIN_TYPE, address: alice.address, message, signature }),
    ).toMatchObject({ name });
    expect(await client.identity(alice.address)).toEqual({ name, avatar: null });
    const [asked, ...free] = await client.suggestions("kit-alice");
    expect(asked).toEqual({ name, registered: true });
    expect(free[0]).toEqual({ name: `kit-alice-1.${zone}`, registered: false });

    const again = nameRegistrationMessage(name, Date.now());
    const refused = await client
      .registerName({
        coinType: DEVNET_COIN_TYPE,
        address: bob.address,
        message: again,
        signature: await bob.signMessage({ message: again }),
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpStatusError);
    expect((refused as HttpStatusError).message).toBe("HTTP status code: 409");
    expect(new RegisterNameError(name, refused).message).toBe(`message: ${name} is registered to another address`);
  });

  it("fails with 'HTTP status code: 400' for a chain the server does not serve", async () => {
    await expect(client.balances(alice.address, "eip155:999999")).rejects.toThrow("HTTP status code: 400");
  });

  it("registers through the sign-then-register flow, and fails before asking the server for an answer that is no signature", async () => {
    const fullName = `kit-bob.${zone}`;
    let signed = "";
    await registerAccountName({
      api: client,
      sign: async (message) => {
        signed = message;
        return bob.signMessage({ message });
      },
      address: bob.address,
      chainId: 31337,
      fullName,
    });
    // The timestamp is the signing time in whole seconds.
    const { timestamp } = JSON.parse(signed) as { timestamp: number };
    expect(JSON.parse(signed)).toEqual({ name: fullName, attributes: {}, timestamp });
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(Number.isInteger(timestamp)).toBe(true);
    expect(await client.identity(bob.address)).toEqual({ name: fullName, avatar: null });

    const other = `kit-carol.${zone}`;
    const refused = registerAccountName({
      api: client,
      sign: async () => "0x1234",
      address: bob.address,
      chainId: 31337,
      fullName: other,
    });
    await expect(refused).rejects.toThrow(`Error registering name ${other}`);
    const [asked] = await client.suggestions("kit-carol");
    expect(asked).toEqual({ name: other, registered: false });
  });

  it("looks up the names registered to an address, oldest first, and none for an address without", async () => {
    expect(await client.namesForAddress(carol.address)).toEqual([]);
    const before = Math.floor(Date.now() / 1000);
    for (const label of ["kit-carol-first", "kit-carol-second"]) {
      const message = nameRegistrationMessage(`${label}.${zone}`, Date.now());
      const signature = await carol.signMessage({ message });
      await client.registerName({ coinType: DEVNET_COIN_TYPE, address: carol.address, message, signature });
    }
    const names = await client.namesForAddress(carol.address.toLowerCase());
    expect(names.map((profile) => profile.name)).toEqual([`kit-carol-first.${zone}`, `kit-carol-second.${zone}`]);
    for (const profile of names) {
      expect(Number.isInteger(profile.registered)).toBe(true);
      expect(profile.registered).toBeGreaterThanOrEqual(before);
    }
  });

  it("fails with 'HTTP status code: 400' for an address that is none", async () => {
    await expect(client.namesForAddress("0x1234")).rejects.toThrow("HTTP status code: 400");
  });

  it("says 'Error fetching names for address' when the server cannot be reached", async () => {
    const unreachable = createBlockchainApiClient({
      baseUrl: `http://127.0.0.1:${await freePort()}/blockchain-api`,
      projectId: "kit-test",
      sdkType: "modal-kit",
      sdkVersion: "1",
    });
    const data = createAccountData(unreachable);
    await expect(data.namesForAddress(carol.address)).rejects.toThrow("Error fetching names for address");
  });
});
