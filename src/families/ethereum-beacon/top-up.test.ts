import { type Address, type Hex, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAbi } from "../../../contracts/generated/index.ts";
import { startTestChain, type TestChain } from "../../../contracts/test/test-chain.ts";
import { depositContractAddress } from "../../../devnet/addresses.ts";
import { installEthereumContracts } from "../../../devnet/install-contracts.ts";
import type { SnapshotValidator } from "../../core/api/beacon-snapshot.ts";
import { callData } from "../../core/contract-call.ts";
import { buildTopUp, checkTopUp, TopUpRefusedError, verifyTopUpCall } from "./build-top-up.ts";

const FAR_FUTURE = 2n ** 64n - 1n;
const owner = "f39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const pubkey = `0x${"8a".repeat(48)}` as Hex;

function validator(overrides: Partial<SnapshotValidator> = {}): SnapshotValidator {
  return {
    index: 7,
    pubkey,
    status: "active_ongoing",
    withdrawalCredentials: `0x02${"00".repeat(11)}${owner}`,
    balanceGwei: 32_000_000_000n,
    effectiveBalanceGwei: 32_000_000_000n,
    activationEligibilityEpoch: 1n,
    activationEpoch: 5n,
    exitEpoch: FAR_FUTURE,
    withdrawableEpoch: FAR_FUTURE,
    pendingPartials: [],
    ...overrides,
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof TopUpRefusedError) return { rule: error.rule, values: error.values };
    throw error;
  }
  throw new Error("not refused");
};

describe("checkTopUp: what the consensus layer does with a top-up", () => {
  it("takes 1 ETH and more, in whole gwei", () => {
    expect(checkTopUp({ validator: validator(), pendingGwei: 0n, amountWei: parseEther("1") }).balanceAfterGwei).toBe(
      33_000_000_000n,
    );
    expect(
      refusal(() => checkTopUp({ validator: validator(), pendingGwei: 0n, amountWei: parseEther("0.999") })),
    ).toEqual({ rule: "belowMinimum", values: { minimum: "1" } });
    expect(
      refusal(() => checkTopUp({ validator: validator(), pendingGwei: 0n, amountWei: parseEther("1") + 1n })).rule,
    ).toBe("notWholeGwei");
  });

  it("lets a 0x02 validator grow to 2048 ETH, counting its top-ups still queued, and no further", () => {
    const nearlyFull = validator({ balanceGwei: 2_040_000_000_000n });
    expect(
      checkTopUp({ validator: nearlyFull, pendingGwei: 5_000_000_000n, amountWei: parseEther("3") }).balanceAfterGwei,
    ).toBe(2_048_000_000_000n);
    expect(
      refusal(() => checkTopUp({ validator: nearlyFull, pendingGwei: 5_000_000_000n, amountWei: parseEther("3.5") })),
    ).toEqual({ rule: "aboveCompoundingMaximum", values: { room: "3", maximum: "2048" } });
  });

  it("names what the sweep sends back above 32 ETH for 0x01 credentials", () => {
    const nonCompounding = (balanceGwei: bigint) =>
      validator({ withdrawalCredentials: `0x01${"00".repeat(11)}${owner}`, balanceGwei });
    expect(
      checkTopUp({ validator: nonCompounding(31_500_000_000n), pendingGwei: 0n, amountWei: parseEther("1") }),
    ).toEqual({ balanceAfterGwei: 32_500_000_000n, sweptBackGwei: 500_000_000n });
    expect(
      checkTopUp({ validator: nonCompounding(32_000_000_000n), pendingGwei: 0n, amountWei: parseEther("2") })
        .sweptBackGwei,
    ).toBe(2_000_000_000n);
    expect(
      checkTopUp({ validator: nonCompounding(30_000_000_000n), pendingGwei: 0n, amountWei: parseEther("1") })
        .sweptBackGwei,
    ).toBe(0n);
  });

  it("refuses BLS (0x00) credentials above 32 ETH, where the rest would sit unused", () => {
    const bls = validator({ withdrawalCredentials: `0x00${"ab".repeat(31)}`, balanceGwei: 31_000_000_000n });
    expect(checkTopUp({ validator: bls, pendingGwei: 0n, amountWei: parseEther("1") }).sweptBackGwei).toBe(0n);
    expect(refusal(() => checkTopUp({ validator: bls, pendingGwei: 0n, amountWei: parseEther("2") }))).toEqual({
      rule: "aboveBlsMaximum",
      values: { room: "1", type: "0x00" },
    });
  });

  it("refuses a key the beacon chain does not know, an exiting and a slashed validator", () => {
    expect(refusal(() => checkTopUp({ validator: null, pendingGwei: 0n, amountWei: parseEther("1") })).rule).toBe(
      "unknownValidator",
    );
    expect(
      refusal(() =>
        checkTopUp({ validator: validator({ exitEpoch: 90n }), pendingGwei: 0n, amountWei: parseEther("1") }),
      ),
    ).toEqual({ rule: "exiting", values: { epoch: "90" } });
    expect(
      refusal(() =>
        checkTopUp({
          validator: validator({ status: "active_slashed", exitEpoch: 90n }),
          pendingGwei: 0n,
          amountWei: parseEther("1"),
        }),
      ).rule,
    ).toBe("slashed");
  });
});

describe("buildTopUp on the deposit contract", () => {
  let chain: TestChain;
  let sender: Address;
  beforeAll(async () => {
    chain = await startTestChain(31337);
    sender = chain.accounts[3] as Address;
    await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Hex, feePerValidator: 0n });
  });
  afterAll(async () => {
    await chain?.anvil.stop();
  });

  const send = (call: { to: Address; value?: bigint }, data: Hex) =>
    chain.client.sendTransaction({ account: sender, chain: chain.client.chain, to: call.to, data, value: call.value });

  it("is accepted by the contract, whose own SHA-256 recomputes the deposit_data_root, from any sender", async () => {
    const { call } = buildTopUp({
      contract: depositContractAddress,
      validator: validator(),
      amountWei: parseEther("1"),
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await send(call, callData(call)) });
    expect(receipt.status).toBe("success");
    const [event] = parseEventLogs({ abi: depositContractAbi, logs: receipt.logs, eventName: "DepositEvent" });
    expect(event?.args.pubkey).toBe(pubkey);
    expect(event?.args.withdrawal_credentials).toBe(`0x02${"00".repeat(11)}${owner}`);
    // 1 ETH = 1,000,000,000 gwei as the contract logs it: 8 bytes little-endian.
    expect(event?.args.amount).toBe("0x00ca9a3b00000000");
    // The compressed G2 point at infinity: the consensus layer does not check a top-up's signature.
    expect(event?.args.signature).toBe(`0xc0${"00".repeat(95)}`);
  });

  it("a root for another amount is refused by the contract: the root the app computes is the one it checks", async () => {
    const { call } = buildTopUp({
      contract: depositContractAddress,
      validator: validator(),
      amountWei: parseEther("2"),
    });
    await expect(
      chain.client.call({ account: sender, to: call.to, data: callData(call), value: parseEther("1") }),
    ).rejects.toThrow(/reconstructed DepositData does not match supplied deposit_data_root/);
  });

  it("reads the call back before the wallet sees it: another value or other credentials are refused", () => {
    const { call } = buildTopUp({
      contract: depositContractAddress,
      validator: validator(),
      amountWei: parseEther("1"),
    });
    const expected = {
      pubkey,
      withdrawalCredentials: `0x02${"00".repeat(11)}${owner}`,
      amountWei: parseEther("1"),
    };
    expect(() => verifyTopUpCall(call, expected)).not.toThrow();
    expect(() => verifyTopUpCall({ ...call, value: parseEther("2") }, expected)).toThrow(/value/);
    expect(() =>
      verifyTopUpCall(call, { ...expected, withdrawalCredentials: `0x01${"00".repeat(11)}${owner}` }),
    ).toThrow(/withdrawal credentials/);
    expect(() => verifyTopUpCall(call, { ...expected, pubkey: `0x${"8b".repeat(48)}` })).toThrow(/pubkey/);
  });
});
