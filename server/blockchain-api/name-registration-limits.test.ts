import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  serializeErc6492Signature,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileContracts } from "../../contracts/build/compile-contracts.ts";
import { ethereumDevnetChain } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { type Relay, type RelayCall, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * Abuse limits on name registration (POST blockchain-api/v1/profile/account): per client address, per signing
 * address, and a gas cap on the chain calls that check a contract wallet's signature (real contracts on anvil
 * that burn gas without end).
 */
// anvil's dev accounts: well-known test keys, never used for value.
const alice = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const bob = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
const DEVNET_COIN_TYPE = 2_147_514_985;
const deployAbi = [
  {
    type: "function",
    name: "deploy",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "bytes32" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
] as const;

let anvil: RunningAnvil;
let relay: Relay;
let app: FastifyInstance;
let storage: Storage;
let burningFactory: Address;
let burningWallet: Address;
const ethCalls: RelayCall[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  relay = await startRelay(anvil.rpcUrl);
  relay.answer = (call) => {
    if (call.method === "eth_call") ethCalls.push(call);
    return undefined;
  };
  const compiled = compileContracts(join(dirname(fileURLToPath(import.meta.url)), "../siwe/test-wallet"));
  expect(compiled.errors).toEqual([]);
  const deployer = createWalletClient({ account: bob, chain: ethereumDevnetChain, transport: http(anvil.rpcUrl) });
  const reader = createPublicClient({ transport: http(anvil.rpcUrl) });
  const deploy = async (name: string) => {
    const contract = compiled.contracts.find((entry) => entry.name === name);
    if (!contract) throw new Error(`${name} was not compiled`);
    const hash = await deployer.deployContract({ abi: contract.abi as Abi, bytecode: contract.bytecode });
    return getAddress((await reader.waitForTransactionReceipt({ hash })).contractAddress ?? "");
  };
  burningFactory = await deploy("BurningWalletFactory");
  burningWallet = await deploy("BurningWallet");
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: relay.url,
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: `http://127.0.0.1:${await freePort()}`,
      RPC_TIMEOUT_MS: "30000",
      NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT: "4",
      NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS: "2",
    }),
    storage,
    { logger: false },
  );
}, 90_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await relay?.close();
  await anvil?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const messageFor = (name: string) => JSON.stringify({ name, attributes: {}, timestamp: now() });
const register = (client: string, payload: { address: Address; message: string; signature: Hex }) =>
  app.inject({
    method: "POST",
    url: `/blockchain-api/v1/profile/account?${CLIENT}`,
    payload: { coin_type: DEVNET_COIN_TYPE, ...payload },
    remoteAddress: client,
  });
const signed = async (name: string) => {
  const message = messageFor(name);
  return { address: alice.address, message, signature: await alice.signMessage({ message }) };
};

describe("name registration abuse limits", () => {
  it("limits one client address to 4 attempts an hour, signed or not", async () => {
    const client = "203.0.113.20";
    const message = messageFor("squatter.meridian.id");
    const forged = { address: alice.address, message, signature: await bob.signMessage({ message }) };
    for (let i = 0; i < 4; i++) expect((await register(client, forged)).statusCode).toBe(401);
    const refused = await register(client, await signed("alice-ok.meridian.id"));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      /^Too many requests: at most 4 an hour per client address; retry after \d+ s$/,
    );
  });

  it("limits one address to 2 signed registrations an hour from any client; forged attempts spend none of it", async () => {
    // The 4 forged attempts above for alice's address (refused as not hers) left her allowance whole.
    expect((await register("198.51.100.31", await signed("alice-one.meridian.id"))).statusCode).toBe(200);
    expect((await register("198.51.100.32", await signed("alice-two.meridian.id"))).statusCode).toBe(200);
    const refused = await register("198.51.100.33", await signed("alice-three.meridian.id"));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(refused.json().message).toMatch(/^Too many requests: at most 2 an hour per address; retry after \d+ s$/);
    expect(
      (await app.inject({ method: "GET", url: `/blockchain-api/v1/profile/account/alice-three.meridian.id?${CLIENT}` }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses an ERC-6492 signature whose factory burns gas without end, with 422, within a 2,000,000 gas cap", async () => {
    const salt = `0x${"00".repeat(31)}07` as Hex;
    // Where the factory would deploy the wallet (it never gets there): no code at that address.
    const counterfactual = getContractAddress({ from: burningFactory, opcode: "CREATE2", salt, bytecode: "0x00" });
    const message = messageFor("burner.meridian.id");
    const signature = serializeErc6492Signature({
      address: burningFactory,
      data: encodeFunctionData({ abi: deployAbi, functionName: "deploy", args: [alice.address, salt] }),
      signature: await alice.signMessage({ message }),
    });
    ethCalls.length = 0;
    const response = await register("198.51.100.40", { address: counterfactual, message, signature });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: "signature_check_out_of_gas",
      message:
        "signature: the wallet contract's check needs more than 2,000,000 gas, the most this server lets one signature check spend",
      field: "signature",
    });
    expect(ethCalls.length).toBeGreaterThan(0);
    for (const call of ethCalls) expect((call.params as [{ gas?: string }])[0].gas).toBe("0x1e8480");
  });

  it("refuses a deployed wallet whose isValidSignature burns gas without end, with 422, within the cap", async () => {
    const message = messageFor("burner-two.meridian.id");
    ethCalls.length = 0;
    const response = await register("198.51.100.41", {
      address: burningWallet,
      message,
      signature: await alice.signMessage({ message }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("signature_check_out_of_gas");
    expect(ethCalls.length).toBeGreaterThan(0);
    for (const call of ethCalls) expect((call.params as [{ gas?: string }])[0].gas).toBe("0x1e8480");
  });
});
