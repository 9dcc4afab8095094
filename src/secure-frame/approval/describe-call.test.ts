import { concat, encodeFunctionData, maxUint256, numberToHex, parseAbi } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../ui/texts.ts";
import { describeCall } from "./describe-call.ts";

const SPENDER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SPENDER_GROUPED = "0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"; // networks/ethereum.json, mainnet, 6 decimals
const UNKNOWN_TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const DEPOSIT = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
const WITHDRAWAL = "0x00000961Ef480Eb55e80D19ad83579A64c007002";
const CONSOLIDATION = "0x0000BBdDc7CE488642fb579F8B00f3a590007251";
const PUBKEY = `0x${"a1".repeat(48)}` as const;
const OTHER_PUBKEY = `0x${"b2".repeat(48)}` as const;
const erc20 = parseAbi([
  "function approve(address spender, uint256 amount)",
  "function transfer(address to, uint256 amount)",
  "function transferFrom(address from, address to, uint256 amount)",
]);
const approve = (amount: bigint) =>
  encodeFunctionData({ abi: erc20, functionName: "approve", args: [SPENDER, amount] });
const credentials = (type: string) => `0x${type}${"00".repeat(11)}${SPENDER.slice(2).toLowerCase()}` as const;

afterEach(() => setLanguage("en_US"));

describe("the frame's decoding of known calls", () => {
  it("shows an ERC-20 approval's spender in full and the maximum uint256 as Unlimited", () => {
    expect(describeCall(1, USDC, approve(maxUint256))).toEqual({
      function: "approve (0x095ea7b3)",
      rows: [
        ["Spender (may take your tokens)", SPENDER_GROUPED],
        ["Allowance", "Unlimited"],
      ],
    });
  });

  it("calls an allowance of 2^128 base units or more Unlimited, and shows less in the token's decimals or raw units", () => {
    expect(describeCall(1, USDC, approve(2n ** 128n))?.rows[1]).toEqual(["Allowance", "Unlimited"]);
    expect(describeCall(1, USDC, approve(2n ** 128n - 1n))?.rows[1]).toEqual([
      "Allowance",
      "340282366920938463463374607431768.211455 USDC",
    ]);
    expect(describeCall(1, USDC, approve(1_500_000n))?.rows[1]).toEqual(["Allowance", "1.5 USDC"]);
    expect(describeCall(1, UNKNOWN_TOKEN, approve(1_500_000n))?.rows[1]).toEqual([
      "Allowance",
      "1500000 base units (token decimals not known)",
    ]);
  });

  it("shows transfer and transferFrom with full addresses and the token amount", () => {
    const transfer = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [SPENDER, 2_500_000n] });
    expect(describeCall(1, USDC, transfer)?.rows).toEqual([
      ["Recipient", SPENDER_GROUPED],
      ["Token amount", "2.5 USDC"],
    ]);
    const from = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    const transferFrom = encodeFunctionData({ abi: erc20, functionName: "transferFrom", args: [from, SPENDER, 7n] });
    expect(describeCall(1, UNKNOWN_TOKEN, transferFrom)?.rows).toEqual([
      ["From", "0x3C44 CdDd B6a9 00fa 2b58 5dd2 99e0 3d12 FA42 93BC"],
      ["Recipient", SPENDER_GROUPED],
      ["Token amount", "7 base units (token decimals not known)"],
    ]);
  });

  it("shows a deposit's withdrawal credentials as the address they pay, or says they are BLS credentials", () => {
    const abi = parseAbi(["function deposit(bytes,bytes,bytes,bytes32)"]);
    const deposit = (wc: `0x${string}`) =>
      encodeFunctionData({ abi, args: [PUBKEY, wc, `0x${"cc".repeat(96)}`, `0x${"dd".repeat(32)}`] });
    expect(describeCall(31_337, DEPOSIT, deposit(credentials("01")))).toEqual({
      function: "deposit (0x22895118)",
      rows: [
        ["Validator key", PUBKEY],
        ["Withdrawal credentials", `${SPENDER_GROUPED} (0x01, withdrawal address)`],
      ],
    });
    expect(describeCall(31_337, DEPOSIT, deposit(credentials("02")))?.rows[1]).toEqual([
      "Withdrawal credentials",
      `${SPENDER_GROUPED} (0x02, compounding withdrawal address)`,
    ]);
    const bls = `0x00${"ee".repeat(31)}` as const;
    expect(describeCall(31_337, DEPOSIT, deposit(bls))?.rows[1]).toEqual([
      "Withdrawal credentials",
      "BLS credentials (0x00): no withdrawal address",
    ]);
    // A 0x01 prefix whose padding is not zero names no address.
    const bent = `0x01${"ff".repeat(11)}${SPENDER.slice(2).toLowerCase()}` as const;
    expect(describeCall(31_337, DEPOSIT, deposit(bent))?.rows[1]).toEqual([
      "Withdrawal credentials",
      `Not recognized: ${bent}`,
    ]);
  });

  it("shows the staking contract's stake (count, credentials, keys) and stakeCompounding's amount", () => {
    const abi = parseAbi([
      "function stake(bytes[],bytes32,bytes[],bytes32[])",
      "function stakeCompounding(bytes,bytes32,bytes,bytes32,uint256)",
    ]);
    const sig = `0x${"cc".repeat(96)}` as const;
    const root = `0x${"dd".repeat(32)}` as const;
    const stake = encodeFunctionData({
      abi,
      functionName: "stake",
      args: [[PUBKEY, OTHER_PUBKEY], credentials("01"), [sig, sig], [root, root]],
    });
    expect(describeCall(31_337, undefined, stake)?.rows).toEqual([
      ["Validators", "2"],
      ["Withdrawal credentials", `${SPENDER_GROUPED} (0x01, withdrawal address)`],
      ["Validator keys", `${PUBKEY}\n${OTHER_PUBKEY}`],
    ]);
    const compounding = encodeFunctionData({
      abi,
      functionName: "stakeCompounding",
      args: [PUBKEY, credentials("02"), sig, root, 64n * 10n ** 18n],
    });
    expect(describeCall(31_337, undefined, compounding)?.rows).toEqual([
      ["Validator key", PUBKEY],
      ["Withdrawal credentials", `${SPENDER_GROUPED} (0x02, compounding withdrawal address)`],
      ["Deposit amount", "64 ETH"],
    ]);
  });

  it("names the rewards claim, the delegation pool's calls with their amount, and SSV registrations", () => {
    const abi = parseAbi([
      "function claim()",
      "function decreaseStake(uint256)",
      "function claimInterest(uint256)",
      "function registerValidator(bytes,uint64[],bytes,uint256,(uint32,uint64,uint64,bool,uint256))",
    ]);
    expect(describeCall(31_337, undefined, encodeFunctionData({ abi, functionName: "claim" }))).toEqual({
      function: "claim (0x4e71d92d)",
      rows: [],
    });
    const unstake = encodeFunctionData({ abi, functionName: "decreaseStake", args: [5n * 10n ** 17n] });
    expect(describeCall(31_338, undefined, unstake)?.rows).toEqual([["Amount", "0.5 CFX"]]);
    const interest = encodeFunctionData({ abi, functionName: "claimInterest", args: [25n * 10n ** 17n] });
    expect(describeCall(31_338, undefined, interest)?.rows).toEqual([["Interest amount", "2.5 CFX"]]);
    const register = encodeFunctionData({
      abi,
      functionName: "registerValidator",
      args: [PUBKEY, [1n, 2n, 3n, 4n], "0x1234", 10n ** 19n, [0, 0n, 0n, true, 0n]],
    });
    expect(describeCall(31_337, undefined, register)?.rows).toEqual([
      ["Validator key", PUBKEY],
      ["Operator ids", "1, 2, 3, 4"],
      ["SSV amount", "10 SSV"],
    ]);
  });

  it("reads EIP-7002 withdrawal and EIP-7251 consolidation requests sent to the system contracts", () => {
    const exit = concat([PUBKEY, numberToHex(0n, { size: 8 })]);
    expect(describeCall(31_337, WITHDRAWAL, exit)).toEqual({
      function: "Withdrawal request (EIP-7002)",
      rows: [
        ["Validator key", PUBKEY],
        ["Withdrawal", "Full exit (the whole balance)"],
      ],
    });
    const partial = concat([PUBKEY, numberToHex(1_500_000_000n, { size: 8 })]);
    expect(describeCall(31_337, WITHDRAWAL, partial)?.rows[1]).toEqual(["Withdrawal", "1.5 ETH"]);
    expect(describeCall(31_337, CONSOLIDATION, concat([PUBKEY, PUBKEY]))).toEqual({
      function: "Consolidation request (EIP-7251)",
      rows: [
        ["Validator key", PUBKEY],
        ["Request", "Switch this validator to compounding credentials (0x02)"],
      ],
    });
    expect(describeCall(31_337, CONSOLIDATION, concat([PUBKEY, OTHER_PUBKEY]))?.rows).toEqual([
      ["Source validator (its balance moves)", PUBKEY],
      ["Target validator", OTHER_PUBKEY],
    ]);
  });

  it("says a known selector's arguments cannot be read instead of guessing, and speaks Chinese", () => {
    setLanguage("zh_CN");
    expect(describeCall(1, USDC, "0x095ea7b3ffff")).toEqual({
      function: "approve (0x095ea7b3)",
      rows: [["参数", "无法读取：参数与此函数不匹配"]],
    });
    expect(describeCall(1, USDC, approve(maxUint256))?.rows).toEqual([
      ["授权对象（可动用您的代币）", SPENDER_GROUPED],
      ["授权额度", "无限额"],
    ]);
  });
});
