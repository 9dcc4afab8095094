import {
  type Address,
  decodeFunctionData,
  type Hex,
  numberToHex,
  type PublicClient,
  parseEther,
  size,
  slice,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewardsClaimAbi } from "../../../contracts/generated/index.ts";
import { rewardsClaimAddress, withdrawalRequestsAddress } from "../../../devnet/addresses.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import { callData } from "../../core/contract-call.ts";
import { buildClaim } from "./build-claim.ts";
import { buildWithdrawalRequest, type WithdrawableValidator } from "./build-withdrawal-request.ts";
import { readClaimable } from "./read-claimable.ts";
import { bufferWithdrawalFee, readWithdrawalRequestFee } from "./read-withdrawal-request-fee.ts";
import {
  InvalidWithdrawalAmountError,
  NoExecutionCredentialsError,
  NotWithdrawalAddressError,
  PartialBelowMinimumError,
  PartialNeedsCompoundingError,
  ValidatorNotActiveError,
} from "./unstake-errors.ts";

const owner: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const pubkey = `0x${"ab".repeat(48)}` as Hex;
const credentials = (type: "00" | "01" | "02") => `0x${type}${"00".repeat(11)}${owner.slice(2).toLowerCase()}` as Hex;
const validator = (type: "00" | "01" | "02", balanceEth = "34"): WithdrawableValidator => ({
  pubkey,
  withdrawalCredentials: credentials(type),
  status: "active_ongoing",
  balanceWei: parseEther(balanceEth),
});
const request = (overrides: Partial<Parameters<typeof buildWithdrawalRequest>[0]> = {}) =>
  buildWithdrawalRequest({
    contract: withdrawalRequestsAddress,
    validator: validator("02"),
    sender: owner,
    choice: { kind: "partial", amountGwei: 1_500_000_000n },
    feeWei: 2n,
    minimumBalanceWei: parseEther("32"),
    symbol: "ETH",
    ...overrides,
  });

describe("EIP-7002 withdrawal request builder", () => {
  it("encodes a partial withdrawal as pubkey ‖ 8-byte big-endian gwei, paying the fee as value", () => {
    const call = request();
    expect(call.to).toBe(withdrawalRequestsAddress);
    expect(size(callData(call))).toBe(56);
    expect(slice(callData(call), 0, 48)).toBe(pubkey);
    // 1.5 ETH = 1,500,000,000 gwei = 0x59682F00
    expect(slice(callData(call), 48, 56)).toBe("0x0000000059682f00");
    expect(call.value).toBe(2n);
  });

  it("encodes a full exit with amount 0, for 0x01 and 0x02 validators", () => {
    for (const type of ["01", "02"] as const) {
      const call = request({ validator: validator(type, "32.1"), choice: { kind: "exit" }, feeWei: 7n });
      expect(callData(call)).toBe(`${pubkey}0000000000000000`);
      expect(call.value).toBe(7n);
    }
  });

  it("allows a partial withdrawal that leaves exactly the minimum balance", () => {
    const call = request({ choice: { kind: "partial", amountGwei: 2_000_000_000n } });
    expect(slice(callData(call), 48, 56)).toBe("0x0000000077359400");
  });

  it("refuses a partial withdrawal on a 0x01 validator", () => {
    expect(() => request({ validator: validator("01") })).toThrow(PartialNeedsCompoundingError);
  });

  it("refuses a partial withdrawal that would leave less than 32 ETH, saying how much is possible", () => {
    let error: unknown;
    try {
      request({ choice: { kind: "partial", amountGwei: 2_000_000_001n } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PartialBelowMinimumError);
    expect((error as PartialBelowMinimumError).maximumGwei).toBe(2_000_000_000n);
    expect((error as PartialBelowMinimumError).values).toEqual({ maximum: "2", minimum: "32", symbol: "ETH" });
    expect(() => request({ validator: validator("02", "32") })).toThrow(PartialBelowMinimumError);
  });

  it("refuses a sender other than the withdrawal address, 0x00 credentials, inactive validators and bad amounts", () => {
    expect(() => request({ sender: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" })).toThrow(NotWithdrawalAddressError);
    expect(() => request({ validator: validator("00"), choice: { kind: "exit" } })).toThrow(
      NoExecutionCredentialsError,
    );
    expect(() => request({ validator: { ...validator("02"), status: "active_exiting" } })).toThrow(
      ValidatorNotActiveError,
    );
    expect(() => request({ validator: { ...validator("02"), status: "pending_queued" } })).toThrow(
      ValidatorNotActiveError,
    );
    expect(() => request({ choice: { kind: "partial", amountGwei: 0n } })).toThrow(InvalidWithdrawalAmountError);
    expect(() => request({ validator: { ...validator("02"), pubkey: "0x1234" } })).toThrow(RangeError);
    expect(() => request({ feeWei: 0n })).toThrow(RangeError);
  });

  it("buffers the fee: twice the fee read, at least one wei more", () => {
    expect(bufferWithdrawalFee(0n)).toBe(1n);
    expect(bufferWithdrawalFee(1n)).toBe(2n);
    expect(bufferWithdrawalFee(12_345n)).toBe(24_690n);
  });
});

describe("claim builder", () => {
  it("calls claim() with no value", () => {
    const call = buildClaim(rewardsClaimAddress);
    expect(call.to).toBe(rewardsClaimAddress);
    expect(call.value ?? 0n).toBe(0n);
    expect(decodeFunctionData({ abi: rewardsClaimAbi, data: callData(call) })).toEqual({
      functionName: "claim",
      args: undefined,
    });
  });
});

describe("on the devnet contracts", () => {
  let devnet: RunningDevnet;
  let client: PublicClient;
  beforeAll(async () => {
    devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
    client = devnet.ethereum.client as unknown as PublicClient;
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it("reads the request fee with an empty call and a request paying the buffered fee is logged as sent", async () => {
    const fee = await readWithdrawalRequestFee(client, withdrawalRequestsAddress);
    expect(fee).toEqual({ feeWei: 1n, bufferedFeeWei: 2n, high: false });
    const sender = devnet.ethereum.accounts[1] as Address;
    const call = request({ sender, feeWei: fee.bufferedFeeWei });
    const chain = devnet.ethereum.client;
    const receipt = await chain.waitForTransactionReceipt({
      hash: await chain.sendTransaction({
        account: sender,
        chain: chain.chain,
        to: call.to,
        data: callData(call),
        value: call.value,
      }),
    });
    expect(receipt.status).toBe("success");
    const [log] = receipt.logs;
    expect(log?.address).toBe(withdrawalRequestsAddress.toLowerCase());
    expect(log?.data).toBe(`${sender.toLowerCase()}${callData(call).slice(2)}`);
    // The contract keeps the whole buffered fee.
    expect(await chain.getBalance({ address: withdrawalRequestsAddress })).toBe(2n);
  });

  it("reports a high fee when many requests are queued (excess 600: about 0.002 ETH)", async () => {
    const chain = devnet.ethereum.client;
    // The request contract's packed state (slot 0): excess in the low 128 bits, no requests in this block.
    await chain.setStorageAt({ address: withdrawalRequestsAddress, index: 0, value: numberToHex(600n, { size: 32 }) });
    try {
      const fee = await readWithdrawalRequestFee(client, withdrawalRequestsAddress);
      expect(fee.feeWei).toBeGreaterThan(parseEther("0.001"));
      expect(fee.feeWei).toBeLessThan(parseEther("0.01"));
      expect(fee.bufferedFeeWei).toBe(fee.feeWei * 2n);
      expect(fee.high).toBe(true);
    } finally {
      await chain.setStorageAt({ address: withdrawalRequestsAddress, index: 0, value: numberToHex(0n, { size: 32 }) });
    }
    expect((await readWithdrawalRequestFee(client, withdrawalRequestsAddress)).feeWei).toBe(1n);
  });

  it("reads an owner's claimable rewards and a claim pays them out", async () => {
    const claimant = devnet.ethereum.accounts[2] as Address;
    const chain = devnet.ethereum.client;
    // The devnet allocates nothing by itself: another account credits the claimant 0.6 ETH.
    await chain.waitForTransactionReceipt({
      hash: await chain.writeContract({
        account: devnet.ethereum.accounts[3] as Address,
        address: rewardsClaimAddress,
        abi: rewardsClaimAbi,
        functionName: "accrue",
        args: [claimant],
        value: parseEther("0.6"),
        chain: null,
      }),
    });
    expect(await readClaimable(client, rewardsClaimAddress, claimant)).toEqual({
      claimableWei: parseEther("0.6"),
      claimedWei: 0n,
    });
    const receipt = await chain.waitForTransactionReceipt({
      hash: await chain.sendTransaction({
        account: claimant,
        chain: chain.chain,
        to: rewardsClaimAddress,
        data: callData(buildClaim(rewardsClaimAddress)),
      }),
    });
    expect(receipt.status).toBe("success");
    expect(await readClaimable(client, rewardsClaimAddress, claimant)).toEqual({
      claimableWei: 0n,
      claimedWei: parseEther("0.6"),
    });
  });
});
