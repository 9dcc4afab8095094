import { type Address, concat, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { type DepositData, executionCredentials, makeDepositData } from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import {
  consolidationRequestsAddress,
  depositContractAddress,
  ethStakingAddress,
  withdrawalRequestsAddress,
} from "../addresses.ts";
import { installEthereumContracts } from "../install-contracts.ts";
import { integerSquareRoot } from "./beacon-state.ts";
import { type RunningBeaconStandIn, startBeaconStandIn } from "./start-beacon-stand-in.ts";

const SECONDS_PER_EPOCH = 4n; // default: 1-second slots, 4 slots an epoch
let chain: TestChain;
let beacon: RunningBeaconStandIn;
let staker: Address;
let genesisTime: bigint;
let depositEpoch: bigint;
let activationEpoch: bigint;
let exitEpoch: bigint;
let validators: DepositData[];

beforeAll(async () => {
  chain = await startTestChain(31337);
  staker = chain.accounts[1] as Address;
  await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({ rpcUrl: chain.anvil.rpcUrl });
  genesisTime = (await chain.client.getBlock({ blockNumber: 0n })).timestamp;
});

afterAll(async () => {
  await beacon?.stop();
  await chain?.anvil.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary Beacon API JSON and assert its shape themselves
async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await fetch(`${beacon.url}${path}`, init);
  return { status: response.status, body: await response.json() };
}
type ValidatorJson = { index: string; balance: string; status: string; validator: Record<string, unknown> };
const headValidators = async (query = ""): Promise<ValidatorJson[]> =>
  (await get(`/eth/v1/beacon/states/head/validators${query}`)).body.data;

/** Mines a block at the first second of `epoch`, which moves the stand-in's clock there. */
async function goToEpoch(epoch: bigint) {
  await chain.client.setNextBlockTimestamp({ timestamp: genesisTime + epoch * SECONDS_PER_EPOCH });
  await chain.client.mine({ blocks: 1 });
}
const epochOfLatestBlock = async () => ((await chain.client.getBlock()).timestamp - genesisTime) / SECONDS_PER_EPOCH;

describe("consensus-layer stand-in", () => {
  it("serves genesis, spec and sync status in the standard shapes", async () => {
    const genesis = await get("/eth/v1/beacon/genesis");
    expect(genesis.body.data).toEqual({
      genesis_time: String(genesisTime),
      genesis_validators_root: `0x${"00".repeat(32)}`,
      genesis_fork_version: "0x10000038",
    });
    const spec = (await get("/eth/v1/config/spec")).body.data;
    expect(spec).toMatchObject({
      SECONDS_PER_SLOT: "1",
      SLOTS_PER_EPOCH: "4",
      DEPOSIT_CHAIN_ID: "31337",
      DEPOSIT_CONTRACT_ADDRESS: depositContractAddress.toLowerCase(),
      MIN_ACTIVATION_BALANCE: "32000000000",
    });
    const syncing = (await get("/eth/v1/node/syncing")).body.data;
    expect(syncing).toMatchObject({ sync_distance: "0", is_syncing: false, is_optimistic: false, el_offline: false });
    expect(syncing.head_slot).toMatch(/^\d+$/);
    const head = (await get("/eth/v1/beacon/headers/head")).body;
    expect(head.data.canonical).toBe(true);
    expect(Object.keys(head.data.header.message).sort()).toEqual([
      "body_root",
      "parent_root",
      "proposer_index",
      "slot",
      "state_root",
    ]);
    expect(head.data.header.signature).toMatch(/^0x[0-9a-f]{192}$/);
  });

  it("turns batch-staked deposits into validators that go pending_initialized, pending_queued, active_ongoing", async () => {
    await goToEpoch(100n); // keep the chain's clock ahead of the wall clock
    validators = [0, 1].map(() => makeDepositData(executionCredentials("0x01", staker)));
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
    depositEpoch = await epochOfLatestBlock();
    expect(await headValidators()).toEqual([]);
    // Seen, not yet credited: the Electra state's pending deposits.
    const seen = (await get("/eth/v1/beacon/states/head/pending_deposits")).body.data;
    expect(seen.map((entry: { pubkey: string; amount: string }) => [entry.pubkey, entry.amount])).toEqual(
      validators.map((v) => [v.pubkey.toLowerCase(), "32000000000"]),
    );

    // Finality first: process_pending_deposits takes a deposit once its slot is finalized, at the end of the
    // epoch after its own (first slot) or the one after that (any later slot); then eligible, then active once
    // that is finalized.
    const late = BigInt(seen[0]?.slot ?? 0) % SECONDS_PER_EPOCH === 0n ? 0n : 1n;
    await goToEpoch(depositEpoch + 1n + late);
    expect(await headValidators()).toEqual([]);
    await goToEpoch(depositEpoch + 2n + late);
    expect((await get("/eth/v1/beacon/states/head/pending_deposits")).body.data).toEqual([]);
    const pending = await headValidators();
    expect(pending.map((v) => [v.index, v.status, v.validator.pubkey])).toEqual([
      ["0", "pending_initialized", validators[0]?.pubkey],
      ["1", "pending_initialized", validators[1]?.pubkey],
    ]);
    expect(pending[0]?.validator).toMatchObject({
      withdrawal_credentials: executionCredentials("0x01", staker),
      effective_balance: "32000000000",
      slashed: false,
      activation_epoch: "18446744073709551615",
    });
    await goToEpoch(depositEpoch + 3n + late);
    expect((await headValidators()).map((v) => v.status)).toEqual(["pending_queued", "pending_queued"]);
    await goToEpoch(depositEpoch + 5n + late);
    expect((await headValidators()).map((v) => [v.status, v.validator.activation_epoch])).toEqual([
      ["pending_queued", String(depositEpoch + 6n + late)],
      ["pending_queued", String(depositEpoch + 6n + late)],
    ]);
    activationEpoch = depositEpoch + 6n + late;
    await goToEpoch(activationEpoch);
    const active = await headValidators();
    expect(active.map((v) => [v.status, v.balance, v.validator.activation_epoch])).toEqual([
      ["active_ongoing", "32000000000", String(activationEpoch)],
      ["active_ongoing", "32000000000", String(activationEpoch)],
    ]);
  });

  it("pays each active validator the base reward of the consensus specs every epoch", async () => {
    await goToEpoch(activationEpoch + 2n);
    const perIncrement = (1_000_000_000n * 64n) / integerSquareRoot(34_000_000n * 10n ** 9n + 64n * 10n ** 9n);
    const balances = (await get("/eth/v1/beacon/states/head/validator_balances?id=0,1")).body;
    expect(balances).toEqual({
      execution_optimistic: false,
      finalized: false,
      data: [
        { index: "0", balance: String(32_000_000_000n + 2n * 32n * perIncrement) },
        { index: "1", balance: String(32_000_000_000n + 2n * 32n * perIncrement) },
      ],
    });
  });

  it("filters validators by index, public key and status, by GET or POST", async () => {
    const pubkey = validators[1]?.pubkey as Hex;
    expect((await headValidators(`?id=${pubkey}`)).map((v) => v.index)).toEqual(["1"]);
    expect((await headValidators("?id=1&id=0")).map((v) => v.index)).toEqual(["0", "1"]);
    expect(await headValidators("?status=pending")).toEqual([]);
    expect((await headValidators("?status=active")).length).toBe(2);
    const posted = await get("/eth/v1/beacon/states/head/validators", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids: ["0"], statuses: ["active_ongoing"] }),
    });
    expect(posted.body.data.map((v: ValidatorJson) => v.index)).toEqual(["0"]);
    const genesisState = (await get("/eth/v1/beacon/states/genesis/validators")).body;
    expect(genesisState.data).toEqual([]);
  });

  it("answers bad ids, statuses and states with the standard error shape", async () => {
    expect(await get("/eth/v1/beacon/states/head/validators?status=sleeping")).toEqual({
      status: 400,
      body: { code: 400, message: "Invalid validator status: sleeping" },
    });
    expect((await get("/eth/v1/beacon/states/head/validators?id=abc")).status).toBe(400);
    expect((await get("/eth/v1/beacon/states/nonsense/validators")).status).toBe(400);
    expect((await get(`/eth/v1/beacon/states/0x${"ab".repeat(32)}/validators`)).status).toBe(404);
    expect((await get("/eth/v1/beacon/states/999999999/validators")).body).toEqual({
      code: 404,
      message: "State not found",
    });
    expect((await get("/eth/v1/beacon/blocks/head")).status).toBe(404);
  });

  it("ignores an EIP-7002 exit from an address other than the withdrawal address", async () => {
    const other = chain.accounts[2] as Address;
    const input = concat([validators[1]?.pubkey as Hex, "0x0000000000000000"]);
    await chain.client.waitForTransactionReceipt({
      hash: await chain.client.sendTransaction({
        account: other,
        to: withdrawalRequestsAddress,
        data: input,
        value: 1n,
      }),
    });
    await goToEpoch((await epochOfLatestBlock()) + 1n);
    expect((await headValidators("?id=1"))[0]?.status).toBe("active_ongoing");
  });

  it("moves a validator whose owner requests an exit through exiting, exited and withdrawn, and pays it out", async () => {
    const input = concat([validators[0]?.pubkey as Hex, "0x0000000000000000"]);
    await chain.client.waitForTransactionReceipt({
      hash: await chain.client.sendTransaction({
        account: staker,
        to: withdrawalRequestsAddress,
        data: input,
        value: 1n,
      }),
    });
    const requestEpoch = await epochOfLatestBlock();
    // In its block: exit epoch = current + 1 + MAX_SEED_LOOKAHEAD (1), the churn having room.
    exitEpoch = requestEpoch + 2n;
    const statusAt = async (epoch: bigint) => {
      await goToEpoch(epoch);
      return (await headValidators("?id=0"))[0];
    };
    expect((await headValidators("?id=0"))[0]?.status).toBe("active_exiting");
    const exiting = await statusAt(requestEpoch + 1n);
    expect(exiting?.status).toBe("active_exiting");
    expect(exiting?.validator).toMatchObject({
      exit_epoch: String(exitEpoch),
      withdrawable_epoch: String(exitEpoch + 2n),
    });
    expect((await statusAt(exitEpoch))?.status).toBe("exited_unslashed");
    const possible = await statusAt(exitEpoch + 2n);
    expect(possible?.status).toBe("withdrawal_possible");
    const withdrawn = BigInt(possible?.balance ?? 0);
    expect(withdrawn).toBeGreaterThan(32_000_000_000n);
    const before = await chain.client.getBalance({ address: staker });
    const done = await statusAt(exitEpoch + 3n);
    expect([done?.status, done?.balance]).toEqual(["withdrawal_done", "0"]);
    // The withdrawal arrives at the withdrawal address on the execution chain.
    expect(await chain.client.getBalance({ address: staker })).toBe(before + withdrawn * 1_000_000_000n);
    // The block at the first slot of the epoch it was paid in carries it (the Beacon API's Withdrawal), found by
    // slot and by root.
    const slot = (exitEpoch + 3n) * SECONDS_PER_EPOCH; // 1-second slots
    const block = (await get(`/eth/v2/beacon/blocks/${slot}`)).body.data.message;
    expect(block.body.execution_payload.withdrawals).toEqual([
      { index: "0", validator_index: "0", address: staker.toLowerCase(), amount: String(withdrawn) },
    ]);
    const { root } = (await get(`/eth/v1/beacon/headers/${slot}`)).body.data;
    expect((await get(`/eth/v2/beacon/blocks/${root}`)).body.data.message.slot).toBe(String(slot));
    expect((await get(`/eth/v2/beacon/blocks/${slot - 1n}`)).status).toBe(404);
    expect((await headValidators("?id=1"))[0]?.status).toBe("active_ongoing");
  });

  it("switches a validator to 0x02 credentials on an EIP-7251 request naming it as source and target", async () => {
    const pubkey = validators[1]?.pubkey as Hex;
    await chain.client.waitForTransactionReceipt({
      hash: await chain.client.sendTransaction({
        account: staker,
        to: consolidationRequestsAddress,
        data: concat([pubkey, pubkey]),
        value: 1n,
      }),
    });
    await goToEpoch((await epochOfLatestBlock()) + 1n);
    const [validator] = await headValidators("?id=1");
    expect(validator?.validator.withdrawal_credentials).toBe(executionCredentials("0x02", staker));
    expect(validator?.status).toBe("active_ongoing");
  });

  it("serves the Electra queues: the excess of a switch waits in pending_deposits, a partial in pending_partial_withdrawals", async () => {
    const pubkey = validators[1]?.pubkey as Hex;
    // The switch above moved the balance above 32 ETH to pending_deposits at slot 0 (queue_excess_active_balance).
    await goToEpoch((await epochOfLatestBlock()) + 1n);
    const [validator] = await headValidators("?id=1");
    expect(BigInt(validator?.balance ?? 0)).toBeGreaterThan(32_000_000_000n);
    await chain.client.waitForTransactionReceipt({
      hash: await chain.client.sendTransaction({
        account: staker,
        to: withdrawalRequestsAddress,
        data: concat([pubkey, "0x0000000000000001"]),
        value: 1n,
      }),
    });
    const requestEpoch = await epochOfLatestBlock();
    const partials = (await get("/eth/v1/beacon/states/head/pending_partial_withdrawals")).body;
    expect(partials).toEqual({
      version: "electra",
      execution_optimistic: false,
      finalized: false,
      data: [{ validator_index: "1", amount: "1", withdrawable_epoch: String(requestEpoch + 2n + 2n) }],
    });
    const consolidations = (await get("/eth/v1/beacon/states/head/pending_consolidations")).body;
    expect(consolidations).toEqual({ version: "electra", execution_optimistic: false, finalized: false, data: [] });
    await goToEpoch(requestEpoch + 4n);
    expect((await get("/eth/v1/beacon/states/head/pending_partial_withdrawals")).body.data).toEqual([]);
  });
});
