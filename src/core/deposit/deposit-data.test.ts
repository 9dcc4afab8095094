import * as blst from "@chainsafe/blst";
import { bytesToHex, hexToBytes } from "viem";
import { describe, expect, it } from "vitest";
import { createDepositData } from "./create-deposit-data.ts";
import type { DepositDataEntry } from "./deposit-data-file.ts";
import { computeDepositDomain, computeSigningRoot } from "./signing.ts";
import { DepositMessage } from "./ssz-containers.ts";
import { type DepositExpectations, verifyDepositData } from "./verify-deposit-data.ts";
import { readWithdrawalCredentials, withdrawalCredentials } from "./withdrawal-credentials.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const MAINNET = "0x00000000";
const HOODI = "0x10000910";
const GWEI_32 = 32_000_000_000n;
const key = (seed: number) => {
  const secret = new Uint8Array(32);
  secret[31] = seed;
  secret[0] = 0x1a;
  return secret;
};

function deposit(
  options: { seed?: number; owner?: string; type?: "0x01" | "0x02"; amount?: bigint; fork?: string } = {},
) {
  return createDepositData({
    secretKey: key(options.seed ?? 1),
    withdrawalCredentials: withdrawalCredentials(options.type ?? "0x01", options.owner ?? OWNER),
    amountGwei: options.amount ?? GWEI_32,
    forkVersion: hexToBytes((options.fork ?? MAINNET) as `0x${string}`),
    networkName: "mainnet",
  });
}

const expect01 = (count: number, extra: Partial<DepositExpectations> = {}): DepositExpectations => ({
  forkVersion: MAINNET,
  withdrawalAddress: OWNER,
  credentialType: "0x01",
  amountsGwei: Array.from({ length: count }, () => GWEI_32),
  ...extra,
});

const codes = (result: ReturnType<typeof verifyDepositData>) =>
  result.ok ? [] : result.problems.map((problem) => `${problem.index}:${problem.code}`);

describe("deposit domain and roots", () => {
  it("computes the mainnet deposit domain of the consensus specs", () => {
    expect(bytesToHex(computeDepositDomain(hexToBytes(MAINNET)))).toBe(
      "0x03000000f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a9",
    );
  });

  it("gives each fork version its own domain, so a Hoodi deposit is not valid on mainnet", () => {
    expect(bytesToHex(computeDepositDomain(hexToBytes(HOODI)))).not.toBe(
      bytesToHex(computeDepositDomain(hexToBytes(MAINNET))),
    );
  });

  it("writes withdrawal credentials as type byte, 11 zero bytes and the address, and reads them back", () => {
    const credentials = withdrawalCredentials("0x02", OWNER);
    expect(bytesToHex(credentials)).toBe(`0x020000000000000000000000${OWNER.slice(2).toLowerCase()}`);
    expect(readWithdrawalCredentials(credentials)).toEqual({ type: "0x02", address: OWNER });
    expect(readWithdrawalCredentials(hexToBytes(`0x00${"11".repeat(31)}`))).toBeUndefined();
  });
});

describe("deposit data in the deposit CLI format", () => {
  it("signs deposits that an independent BLS implementation (blst) accepts", () => {
    const entry = deposit();
    expect(Object.keys(entry)).toEqual([
      "pubkey",
      "withdrawal_credentials",
      "amount",
      "signature",
      "deposit_message_root",
      "deposit_data_root",
      "fork_version",
      "network_name",
      "deposit_cli_version",
    ]);
    expect(entry.amount).toBe(32_000_000_000);
    const messageRoot = DepositMessage.hashTreeRoot({
      pubkey: hexToBytes(`0x${entry.pubkey}`),
      withdrawalCredentials: hexToBytes(`0x${entry.withdrawal_credentials}`),
      amount: BigInt(entry.amount),
    });
    const signingRoot = computeSigningRoot(messageRoot, computeDepositDomain(hexToBytes(MAINNET)));
    const valid = blst.verify(
      signingRoot,
      blst.PublicKey.fromBytes(hexToBytes(`0x${entry.pubkey}`)),
      blst.Signature.fromBytes(hexToBytes(`0x${entry.signature}`)),
    );
    expect(valid).toBe(true);
  });

  it("accepts N validators at 32 ETH with 0x01 credentials and one 0x02 compounding validator of any allowed amount", () => {
    expect(verifyDepositData([deposit({ seed: 1 }), deposit({ seed: 2 })], expect01(2))).toMatchObject({ ok: true });
    const compounding = deposit({ type: "0x02", amount: 1_000_000_000_000n });
    expect(
      verifyDepositData([compounding], { ...expect01(1), credentialType: "0x02", amountsGwei: [1_000_000_000_000n] }),
    ).toMatchObject({ ok: true });
  });
});

describe("verifying server-provided deposit data before signing", () => {
  it("rejects deposits whose withdrawals go to another address or use another credential type", () => {
    expect(codes(verifyDepositData([deposit({ owner: OTHER })], expect01(1)))).toEqual([
      "0:withdrawal_credentials_mismatch",
    ]);
    expect(codes(verifyDepositData([deposit({ type: "0x02" })], expect01(1)))).toEqual([
      "0:withdrawal_credentials_mismatch",
    ]);
  });

  it("rejects deposits signed for another network's fork version", () => {
    expect(codes(verifyDepositData([deposit({ fork: HOODI })], expect01(1)))).toEqual([
      "0:fork_version_mismatch",
      "0:signature_invalid",
    ]);
  });

  it("rejects a changed amount, a forged root and a signature by another key", () => {
    const entry = deposit();
    const changed: DepositDataEntry = { ...entry, amount: 33_000_000_000 };
    expect(codes(verifyDepositData([changed], expect01(1)))).toEqual([
      "0:amount_mismatch",
      "0:deposit_message_root_mismatch",
      "0:deposit_data_root_mismatch",
      "0:signature_invalid",
    ]);
    const forgedRoot: DepositDataEntry = { ...entry, deposit_data_root: "00".repeat(32) };
    expect(codes(verifyDepositData([forgedRoot], expect01(1)))).toEqual(["0:deposit_data_root_mismatch"]);
    const otherSignature: DepositDataEntry = { ...entry, signature: deposit({ seed: 9 }).signature };
    expect(codes(verifyDepositData([otherSignature], expect01(1)))).toEqual([
      "0:deposit_data_root_mismatch",
      "0:signature_invalid",
    ]);
  });

  it("rejects repeated and already-deposited public keys, and the wrong number of deposits", () => {
    const entry = deposit();
    expect(codes(verifyDepositData([entry, entry], expect01(2)))).toEqual(["1:duplicate_pubkey"]);
    expect(codes(verifyDepositData([entry], expect01(1, { alreadyDeposited: new Set([entry.pubkey]) })))).toEqual([
      "0:already_deposited",
    ]);
    expect(codes(verifyDepositData([entry], expect01(2)))).toEqual(["null:count_mismatch"]);
  });

  it("rejects malformed entries with the field at fault instead of throwing", () => {
    const result = verifyDepositData([{ ...deposit(), pubkey: "0xzz" }, "nonsense"], expect01(2));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([
      { index: 0, code: "malformed", message: expect.stringMatching(/^pubkey: expected 48 bytes/) },
      { index: 1, code: "malformed", message: expect.stringMatching(/^entry: /) },
    ]);
    expect(codes(verifyDepositData({ not: "a list" }, expect01(1)))).toEqual(["null:not_a_list"]);
  });

  it("rejects a signature that is not a point on the curve, without throwing", () => {
    const entry: DepositDataEntry = { ...deposit(), signature: "ff".repeat(96) };
    expect(codes(verifyDepositData([entry], expect01(1)))).toContain("0:signature_invalid");
  });
});
