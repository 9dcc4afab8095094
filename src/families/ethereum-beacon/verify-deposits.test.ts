import { hexToBytes } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { loadWasmBls, type WasmBls } from "../../core/deposit/bls-wasm.ts";
import {
  createDepositData,
  type DepositDataEntry,
  type DepositExpectations,
  type DepositVerification,
  verifyDepositData,
  withdrawalCredentials,
} from "../../core/deposit/index.ts";
import { startDepositVerification, verifyDeposits } from "./verify-deposits.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const GWEI_32 = 32_000_000_000n;

let wasm: WasmBls;
beforeAll(async () => {
  wasm = await loadWasmBls();
});

function deposit(seed: number, options: { owner?: string; fork?: `0x${string}` } = {}): DepositDataEntry {
  const secretKey = new Uint8Array(32);
  secretKey[0] = 0x3c;
  secretKey[31] = seed;
  return createDepositData(
    {
      secretKey,
      withdrawalCredentials: withdrawalCredentials("0x01", options.owner ?? OWNER),
      amountGwei: GWEI_32,
      forkVersion: hexToBytes(options.fork ?? "0x00000000"),
      networkName: "mainnet",
    },
    wasm,
  );
}

const expecting = (count: number, extra: Partial<DepositExpectations> = {}): DepositExpectations => ({
  forkVersion: "0x00000000",
  withdrawalAddress: OWNER,
  credentialType: "0x01",
  amountsGwei: Array.from({ length: count }, () => GWEI_32),
  ...extra,
});

const codes = (result: DepositVerification) =>
  result.ok ? [] : result.problems.map((problem) => `${problem.index}:${problem.code}`);

/** Node has no Web Worker: this runs the fallback, bls-eth-wasm on this thread, against noble. */
describe("verifying deposits in the browser's code path", () => {
  it("accepts valid deposits exactly as the noble reference does", async () => {
    const data = [deposit(1), deposit(2), deposit(3)];
    const result = await verifyDeposits(data, expecting(3));
    expect(result).toEqual(verifyDepositData(data, expecting(3)));
    expect(result.ok).toBe(true);
  });

  it.each([
    {
      name: "a tampered signature",
      data: () => [deposit(1), { ...deposit(2), signature: deposit(3).signature }],
      expected: ["1:deposit_data_root_mismatch", "1:signature_invalid"],
    },
    {
      name: "a signature that is not a curve point",
      data: () => [{ ...deposit(1), signature: "ab".repeat(96) }, deposit(2)],
      expected: ["0:deposit_data_root_mismatch", "0:signature_invalid"],
    },
    {
      name: "another network's fork version",
      data: () => [deposit(1), deposit(2, { fork: "0x10000910" })],
      expected: ["1:fork_version_mismatch", "1:signature_invalid"],
    },
    {
      name: "withdrawals to another address",
      data: () => [deposit(1, { owner: OTHER }), deposit(2)],
      expected: ["0:withdrawal_credentials_mismatch"],
    },
    {
      name: "a changed amount",
      data: () => [deposit(1), { ...deposit(2), amount: 31_000_000_000 }],
      expected: [
        "1:amount_mismatch",
        "1:deposit_message_root_mismatch",
        "1:deposit_data_root_mismatch",
        "1:signature_invalid",
      ],
    },
    {
      name: "a repeated public key",
      data: () => [deposit(1), deposit(1)],
      expected: ["1:duplicate_pubkey"],
    },
    {
      name: "a malformed entry and the wrong count",
      data: () => [deposit(1), { pubkey: "00" }, deposit(2)],
      expected: ["null:count_mismatch", "1:malformed"],
    },
  ])("rejects $name with the same problem list as the noble reference", async ({ data, expected }) => {
    const entries = data();
    const result = await verifyDeposits(entries, expecting(2));
    expect(codes(result)).toEqual(expected);
    expect(result).toEqual(verifyDepositData(entries, expecting(2)));
  });

  it("reports deposit data that is not a list without checking any signature", async () => {
    expect(await verifyDeposits({ deposits: [] }, expecting(1))).toEqual(
      verifyDepositData({ deposits: [] }, expecting(1)),
    );
  });

  it("started as the data arrives, counts the deposited keys the backend names afterwards, in the list's order", async () => {
    const data = [deposit(1), deposit(2), { ...deposit(3), signature: deposit(4).signature }];
    const deposited = new Set([(data[1] as DepositDataEntry).pubkey]);
    const verifying = startDepositVerification(data, expecting(3));
    const result = await verifying.finish(deposited);
    expect(codes(result)).toEqual(["1:already_deposited", "2:deposit_data_root_mismatch", "2:signature_invalid"]);
    expect(result).toEqual(verifyDepositData(data, expecting(3, { alreadyDeposited: deposited })));
    // The same data with no deposited key: only the tampered signature, never a verdict on other data.
    expect(codes(await verifying.finish(new Set()))).toEqual(["2:deposit_data_root_mismatch", "2:signature_invalid"]);
  });

  it("without a set at the end, uses the expectations' deposited keys as verifyDeposits does", async () => {
    const data = [deposit(5)];
    const deposited = new Set([(data[0] as DepositDataEntry).pubkey]);
    const result = await startDepositVerification(data, expecting(1, { alreadyDeposited: deposited })).finish();
    expect(codes(result)).toEqual(["0:already_deposited"]);
  });
});
