import { decodeFunctionData, type Hex, hexToBytes, parseEther } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { ethStakingAddress } from "../../../devnet/addresses.ts";
import { type ContractCall, callData } from "../../core/contract-call.ts";
import { loadWasmBls } from "../../core/deposit/bls-wasm.ts";
import { createDepositData, type DepositDataEntry, withdrawalCredentials } from "../../core/deposit/index.ts";
import { buildStake } from "./build-stake.ts";
import { buildStakeCompounding } from "./build-stake-compounding.ts";
import { ethStakingAbi } from "./stake-call.ts";
import { InconsistentStakeError } from "./stake-input-error.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const ETH32 = parseEther("32");
const FEE = parseEther("0.05");
const hex = (value: string): Hex => `0x${value}`;
const decode = (call: ContractCall) => decodeFunctionData({ abi: ethStakingAbi, data: callData(call) });

async function deposit(seed: number, type: "0x01" | "0x02", owner: string, amountGwei: bigint) {
  const secretKey = new Uint8Array(32);
  secretKey[0] = 0x2a;
  secretKey[31] = seed;
  return createDepositData(
    {
      secretKey,
      withdrawalCredentials: withdrawalCredentials(type, owner),
      amountGwei,
      forkVersion: hexToBytes("0x10000038"),
      networkName: "devnet",
    },
    await loadWasmBls(),
  );
}

let two: DepositDataEntry[];
let compounding: DepositDataEntry;
beforeAll(async () => {
  two = [await deposit(1, "0x01", OWNER, 32_000_000_000n), await deposit(2, "0x01", OWNER, 32_000_000_000n)];
  compounding = await deposit(3, "0x02", OWNER, 100_000_000_000n);
});

describe("buildStake (0x01, N validators in one transaction)", () => {
  it("encodes stake(pubkeys, credentials, signatures, roots) and pays N × (32 ETH + fee)", () => {
    const call = buildStake({
      contract: ethStakingAddress,
      deposits: two,
      perValidatorWei: ETH32,
      feePerValidatorWei: FEE,
    });
    expect(call.to).toBe(ethStakingAddress);
    expect(call.value).toBe(2n * (ETH32 + FEE));
    expect(decode(call)).toEqual({
      functionName: "stake",
      args: [
        two.map((entry) => hex(entry.pubkey)),
        hex(two[0]?.withdrawal_credentials ?? ""),
        two.map((entry) => hex(entry.signature)),
        two.map((entry) => hex(entry.deposit_data_root)),
      ],
    });
    expect(
      buildStake({ contract: ethStakingAddress, deposits: two, perValidatorWei: ETH32, feePerValidatorWei: 0n }).value,
    ).toBe(2n * ETH32);
  });

  it("refuses no deposits, mixed or 0x02 credentials, other amounts and a negative fee", async () => {
    const base = { contract: ethStakingAddress, perValidatorWei: ETH32, feePerValidatorWei: FEE };
    expect(() => buildStake({ ...base, deposits: [] })).toThrow(InconsistentStakeError);
    const elsewhere = await deposit(4, "0x01", OTHER, 32_000_000_000n);
    expect(() => buildStake({ ...base, deposits: [...two, elsewhere] })).toThrow(/other withdrawal credentials/);
    expect(() => buildStake({ ...base, deposits: [compounding] })).toThrow(/0x01/);
    const small = await deposit(5, "0x01", OWNER, 1_000_000_000n);
    expect(() => buildStake({ ...base, deposits: [small] })).toThrow(InconsistentStakeError);
    expect(() => buildStake({ ...base, deposits: two, feePerValidatorWei: -1n })).toThrow(InconsistentStakeError);
  });
});

describe("buildStakeCompounding (one 0x02 validator)", () => {
  const range = { contract: ethStakingAddress, minimumWei: ETH32, maximumWei: parseEther("2048") };

  it("encodes stakeCompounding(pubkey, credentials, signature, root, amount) and pays amount + fee", () => {
    const call = buildStakeCompounding({ ...range, deposit: compounding, feePerValidatorWei: FEE });
    expect(call.value).toBe(parseEther("100") + FEE);
    expect(decode(call)).toEqual({
      functionName: "stakeCompounding",
      args: [
        hex(compounding.pubkey),
        hex(compounding.withdrawal_credentials),
        hex(compounding.signature),
        hex(compounding.deposit_data_root),
        parseEther("100"),
      ],
    });
  });

  it("refuses 0x01 credentials, amounts outside the range and a negative fee", async () => {
    expect(() =>
      buildStakeCompounding({ ...range, deposit: two[0] as DepositDataEntry, feePerValidatorWei: FEE }),
    ).toThrow(/0x02/);
    const tooBig = await deposit(6, "0x02", OWNER, 2049_000_000_000n);
    expect(() => buildStakeCompounding({ ...range, deposit: tooBig, feePerValidatorWei: FEE })).toThrow(
      InconsistentStakeError,
    );
    const tooSmall = await deposit(7, "0x02", OWNER, 31_000_000_000n);
    expect(() => buildStakeCompounding({ ...range, deposit: tooSmall, feePerValidatorWei: FEE })).toThrow(
      InconsistentStakeError,
    );
    expect(() => buildStakeCompounding({ ...range, deposit: compounding, feePerValidatorWei: -1n })).toThrow(
      InconsistentStakeError,
    );
  });
});
