import { type Address, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { executionCredentials, makeDepositData } from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { ethStakingAddress, rewardsClaimAddress } from "../addresses.ts";
import { installEthereumContracts } from "../install-contracts.ts";
import { type RunningBeaconStandIn, startBeaconStandIn } from "./start-beacon-stand-in.ts";

const SECONDS_PER_EPOCH = 4n;
let chain: TestChain;
let beacon: RunningBeaconStandIn;
let genesisTime: bigint;
let running: Hex;
const runs = new Set<string>();

beforeAll(async () => {
  chain = await startTestChain(31337);
  const staker = chain.accounts[1] as Address;
  await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({
    rpcUrl: chain.anvil.rpcUrl,
    running: runs,
    autoPropose: false,
    feeRecipientOf: (pubkey) => (runs.has(pubkey) ? rewardsClaimAddress : undefined),
  });
  genesisTime = (await chain.client.getBlock({ blockNumber: 0n })).timestamp;
  const validators = [0, 1].map(() => makeDepositData(executionCredentials("0x01", staker)));
  running = validators[0]?.pubkey as Hex;
  runs.add(running.toLowerCase());
  const hash = await chain.client.writeContract({
    account: staker,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      validators.map((v) => v.pubkey),
      executionCredentials("0x01", staker),
      validators.map((v) => v.signature),
      validators.map((v) => v.depositDataRoot),
    ],
    value: parseEther("64"),
  });
  await chain.client.waitForTransactionReceipt({ hash });
});

afterAll(async () => {
  await beacon?.stop();
  await chain?.anvil.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary Beacon API JSON and assert its shape themselves
async function get(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${beacon.url}${path}`);
  return { status: response.status, body: await response.json() };
}

describe("consensus-layer stand-in: block proposals", () => {
  it("makes anvil produce a block for an active validator, paying its fee recipient a tip and a transfer", async () => {
    const latest = await chain.client.getBlock();
    await chain.client.setNextBlockTimestamp({ timestamp: latest.timestamp + 10n * SECONDS_PER_EPOCH });
    await chain.client.mine({ blocks: 1 });
    const before = await chain.client.getBalance({ address: rewardsClaimAddress });
    await beacon.proposeNow();
    const block = await chain.client.getBlock({ includeTransactions: true });
    expect(block.miner.toLowerCase()).toBe(rewardsClaimAddress.toLowerCase());
    const slot = (block.timestamp - genesisTime) / 1n;
    let tips = 0n;
    for (const tx of block.transactions) {
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash });
      tips += receipt.gasUsed * (receipt.effectiveGasPrice - (block.baseFeePerGas ?? 0n));
    }
    // 21 000 gas of the plain tip transaction at 2 gwei a gas, at least.
    expect(tips).toBeGreaterThanOrEqual(21_000n * 2_000_000_000n);
    const after = await chain.client.getBalance({ address: rewardsClaimAddress, blockNumber: block.number });
    expect(after - before).toBe(tips + parseEther("0.01"));

    const fetched = await get(`/eth/v2/beacon/blocks/${slot}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.version).toBe("electra");
    expect(fetched.body.data.message.proposer_index).toBe("0");
    expect(fetched.body.data.message.slot).toBe(String(slot));
    expect(fetched.body.data.message.body.execution_payload).toMatchObject({
      block_hash: block.hash,
      block_number: String(block.number),
      fee_recipient: rewardsClaimAddress.toLowerCase(),
    });
    const header = await get(`/eth/v1/beacon/headers/${slot}`);
    expect(header.body.data.header.message).toMatchObject({ slot: String(slot), proposer_index: "0" });
  });

  it("proposes once an epoch, and never for a validator no validator client runs", async () => {
    const blocks = await chain.client.getBlockNumber();
    await beacon.proposeNow();
    expect(await chain.client.getBlockNumber()).toBe(blocks);
    const status = await get("/eth/v1/beacon/states/head/validators?id=1");
    expect(status.body.data[0].status).toBe("pending_queued");
  });

  it("answers 404 for a slot without a block and serves finality two epochs behind the head", async () => {
    const missing = await get("/eth/v2/beacon/blocks/1");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Block not found: no block at slot 1");
    const finality = await get("/eth/v1/beacon/states/head/finality_checkpoints");
    const headSlot = BigInt((await get("/eth/v1/node/syncing")).body.data.head_slot);
    expect(BigInt(finality.body.data.finalized.epoch)).toBe(headSlot / 4n - 2n);
  });
});
