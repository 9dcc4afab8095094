import type { FastifyInstance } from "fastify";
import { type Address, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callData } from "../../src/core/contract-call.ts";
import type { DepositDataEntry } from "../../src/core/deposit/index.ts";
import { buildStake } from "../../src/families/ethereum-beacon/build-stake.ts";
import { networks } from "../../src/generated/index.ts";
import { devnetSettings, ethStakingAddress, type RunningDevnet, startDevnet } from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

// A real devnet chain, the real server and its indexer waiting for 3 confirmations, as on a public network.
let devnet: RunningDevnet;
let storage: Storage;
let app: FastifyInstance;
let indexer: Indexer;
let owner: Address;
const errors: unknown[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
  owner = devnet.ethereum.accounts[3] as Address;
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    LOG_LEVEL: "silent",
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
    INDEXER_CONFIRMATIONS: "3",
  });
  app = await buildServer(config, storage, { logger: false });
  indexer = new Indexer({
    storage,
    environments: servedEnvironments(config, [networks.ethereum]),
    confirmations: () => config.INDEXER_CONFIRMATIONS ?? 0,
    onError: (_, error) => errors.push(error),
  });
});
afterAll(async () => {
  await indexer?.stop();
  await app?.close();
  await storage?.close();
  await devnet?.stop();
});

/** Stakes one 0x01 validator from `owner` through the batch staking contract; resolves once it is mined. */
async function stakeOne(idempotencyKey: string): Promise<{ pubkey: string; hash: Hex }> {
  const response = await app.inject({
    method: "POST",
    url: "/deposit-data",
    payload: {
      owner,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      idempotencyKey,
    },
  });
  const { depositData } = response.json() as { depositData: DepositDataEntry[] };
  const call = buildStake({
    contract: ethStakingAddress,
    deposits: depositData,
    perValidatorWei: parseEther("32"),
    feePerValidatorWei: 0n,
  });
  const hash = await devnet.ethereum.client.sendTransaction({
    account: owner,
    chain: null,
    to: call.to,
    data: callData(call),
    value: call.value,
  });
  expect((await devnet.ethereum.client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return { pubkey: depositData[0]?.pubkey as string, hash };
}

const known = async (pubkey: string) =>
  (
    await app.inject({ method: "GET", url: `/deposits/known?network=ethereum&environment=devnet&pubkeys=${pubkey}` })
  ).json();

describe("deposits newer than the confirmed block (INDEXER_CONFIRMATIONS=3)", () => {
  it("are known as pending from the block they are in, then as confirmed once 3 blocks are on top", async () => {
    const { pubkey, hash } = await stakeOne("pending-then-confirmed");
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await known(pubkey)).toEqual({
      known: [pubkey],
      pending: [pubkey],
      deposits: [{ pubkey, txHash: hash, status: "pending" }],
    });

    await devnet.ethereum.client.mine({ blocks: 3 });
    await indexer.runOnce();
    expect(await known(pubkey)).toEqual({
      known: [pubkey],
      pending: [],
      deposits: [{ pubkey, txHash: hash, status: "confirmed" }],
    });
  });

  it("are forgotten when a reorganisation replaces their block", async () => {
    const snapshot = await devnet.ethereum.client.snapshot();
    const { pubkey } = await stakeOne("pending-then-reorganised");
    await indexer.runOnce();
    expect((await known(pubkey)).pending).toEqual([pubkey]);

    // The block with the deposit is replaced by empty blocks at the same heights.
    await devnet.ethereum.client.revert({ id: snapshot });
    await devnet.ethereum.client.mine({ blocks: 2 });
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await known(pubkey)).toEqual({ known: [], pending: [], deposits: [] });
  });
});
