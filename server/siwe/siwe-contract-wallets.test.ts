import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  hashMessage,
  http,
  serializeErc6492Signature,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileContracts } from "../../contracts/build/compile-contracts.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * Smart-contract wallets signing in: a real EIP-1271 wallet deployed on anvil, and the same wallet not deployed
 * yet (ERC-6492), checked by the server through its own upstream (the anvil chain).
 */
const ORIGIN = "https://app.stake.test";
// anvil's dev accounts: well-known test keys, never used for value.
const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const owner = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const stranger = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");

let anvil: RunningAnvil;
let app: FastifyInstance;
let storage: Storage;
let wallet: { abi: Abi; bytecode: Hex };
let factory: Address;
let deployedWallet: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  const compiled = compileContracts(join(dirname(fileURLToPath(import.meta.url)), "test-wallet"));
  expect(compiled.errors).toEqual([]);
  const contract = (name: string) => {
    const found = compiled.contracts.find((entry) => entry.name === name);
    if (!found) throw new Error(`${name} was not compiled`);
    return { abi: found.abi as Abi, bytecode: found.bytecode };
  };
  wallet = contract("OwnedWallet");
  const chain = defineChain({
    id: 31337,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const client = createWalletClient({ account: deployer, chain, transport: http(anvil.rpcUrl) });
  const reader = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const deploy = async (hash: Hex) =>
    getAddress((await reader.waitForTransactionReceipt({ hash })).contractAddress ?? "");
  deployedWallet = await deploy(await client.deployContract({ ...wallet, args: [owner.address] }));
  factory = await deploy(await client.deployContract(contract("OwnedWalletFactory")));

  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      CORS_ORIGINS: ORIGIN,
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      // Chain 31338's only node is down.
      RPC_UPSTREAMS_CONFLUX_ESPACE_DEVNET: `http://127.0.0.1:${await freePort()}`,
      RPC_TIMEOUT_MS: "2000",
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

async function messageFor(address: Address, chainId = 31337) {
  const nonce = (await app.inject({ method: "GET", url: "/siwe/nonce" })).json().nonce as string;
  return createSiweMessage({ address, chainId, domain: "app.stake.test", uri: ORIGIN, nonce, version: "1" });
}
const verify = (message: string, signature: Hex) =>
  app.inject({ method: "POST", url: "/siwe/verify", payload: { message, signature }, headers: { origin: ORIGIN } });

describe("sign-in with a smart-contract wallet", () => {
  it("signs in a deployed EIP-1271 wallet whose owner signed, and refuses a signature of another key", async () => {
    const message = await messageFor(deployedWallet);
    const refused = await verify(message, await stranger.sign({ hash: hashMessage(message) }));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: "bad_signature",
      message: "signature: it was not made by the message's address",
      field: "signature",
    });
    const response = await verify(message, await owner.sign({ hash: hashMessage(message) }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ address: deployedWallet, chainId: 31337 });
  });

  it("signs in a wallet that is not deployed yet with an ERC-6492 signature naming its factory", async () => {
    const salt = `0x${"00".repeat(31)}2a` as Hex;
    const counterfactual = getContractAddress({
      from: factory,
      opcode: "CREATE2",
      salt,
      bytecode: encodeDeployData({ ...wallet, args: [owner.address] }),
    });
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await reader.getCode({ address: counterfactual })).toBeUndefined();
    const message = await messageFor(counterfactual);
    const signature = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: [
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
        ],
        functionName: "deploy",
        args: [owner.address, salt],
      }),
      signature: await owner.sign({ hash: hashMessage(message) }),
    });
    const response = await verify(message, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ address: counterfactual, chainId: 31337 });
  });

  it("answers 503 with Retry-After when the message's chain cannot be reached to ask the wallet", async () => {
    const message = await messageFor(deployedWallet, 31338);
    const response = await verify(message, await owner.sign({ hash: hashMessage(message) }));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      code: "chain_unavailable",
      message: "signature: chain 31338 cannot be reached to ask the wallet contract; try again shortly",
      field: "signature",
    });
  });
});
