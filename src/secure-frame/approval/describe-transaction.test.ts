import { encodeFunctionData, parseAbi } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { ethStakingAbi } from "../../../contracts/generated/EthStaking.ts";
import { setLanguage } from "../ui/texts.ts";
import { callsRows, type PreparedTransaction, transactionRows } from "./describe-transaction.ts";

const STAKING = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const stakeData = encodeFunctionData({
  abi: ethStakingAbi,
  functionName: "stake",
  args: [[`0x${"11".repeat(48)}`], `0x${"22".repeat(32)}`, [`0x${"33".repeat(96)}`], [`0x${"44".repeat(32)}`]],
});
// 21,000 gas at at most 2 gwei: 0.000042 of the coin in fees at most.
const fees = { nonce: "0x0", gas: "0x5208", maxFeePerGas: "0x77359400", maxPriorityFeePerGas: "0x3b9aca00" } as const;
const stake: PreparedTransaction = {
  ...fees,
  to: STAKING,
  value: "0x1bc16d674ec800000",
  data: stakeData,
  chainId: "0x7a69",
  toIsContract: true,
};

afterEach(() => setLanguage("en_US"));

describe("the frame's transaction approval, in coin and network terms", () => {
  it("shows a 32 ETH stake on the devnet with the network, full recipient, function and arguments, nonce, fee and total", () => {
    expect(transactionRows(31_337, stake)).toEqual([
      ["Network", "Ethereum Devnet"],
      ["To", "0x5FbD B231 5678 afec b367 f032 d93F 642f 6418 0aa3 (contract)"],
      ["Amount", "32 ETH"],
      ["Function", "stake (0xc72f18c4)"],
      ["Validators", "1"],
      ["Withdrawal credentials", `Not recognized: 0x${"22".repeat(32)}`],
      ["Validator keys", `0x${"11".repeat(48)}`],
      ["Nonce", "0"],
      ["Network fee (at most)", "0.000042 ETH"],
      ["Total (at most)", "32.000042 ETH"],
    ]);
  });

  it("rounds the fee up to 4 significant digits, and the total with it", () => {
    // 21,000 gas at 2,059,606,664 wei: 0.000043251739944 ETH at most.
    const rows = transactionRows(31_337, { ...stake, value: "0x29a2241af62c0000", maxFeePerGas: "0x7ac31a88" });
    expect(rows.slice(-2)).toEqual([
      ["Network fee (at most)", "0.00004326 ETH"],
      ["Total (at most)", "3.00004326 ETH"],
    ]);
  });

  it("uses the chain's coin (CFX on eSpace), a bare selector for unknown calls, wei on a chain not ours", () => {
    const transfer = encodeFunctionData({
      abi: parseAbi(["function transfer(address,uint256)"]),
      args: [STAKING, 1n],
    });
    const espace = transactionRows(1030, {
      ...fees,
      to: STAKING,
      value: "0x14d1120d7b160000",
      data: transfer,
      chainId: "0x406",
    });
    expect(espace).toContainEqual(["Network", "Conflux eSpace"]);
    expect(espace).toContainEqual(["Amount", "1.5 CFX"]);
    expect(espace).toContainEqual(["Function", "transfer (0xa9059cbb)"]);
    expect(espace).toContainEqual(["Recipient", "0x5FbD B231 5678 afec b367 f032 d93F 642f 6418 0aa3"]);
    expect(espace).toContainEqual(["Token amount", "1 base units (token decimals not known)"]);
    const other = transactionRows(1030, { ...fees, to: STAKING, data: "0x12345678", chainId: "0x406" });
    expect(other).toContainEqual(["Function", "0x12345678"]);
    const unknown = transactionRows(999, { ...fees, value: "0x1", chainId: "0x3e7" });
    expect(unknown).toContainEqual(["Network", "Chain 999"]);
    expect(unknown).toContainEqual(["To", "New contract"]);
    expect(unknown).toContainEqual(["Amount", "1 wei"]);
  });

  it("lists every call of a batch with the summed fees and total, in Chinese when the app is", () => {
    setLanguage("zh_CN");
    const second = { ...fees, nonce: "0x1", to: STAKING, value: "0xde0b6b3a7640000", chainId: "0x7a69" } as const;
    expect(callsRows(31_337, [stake, second])).toEqual([
      ["网络", "Ethereum Devnet"],
      [
        "第 1 笔，共 2 笔",
        [
          "收款方: 0x5FbD B231 5678 afec b367 f032 d93F 642f 6418 0aa3（合约）",
          "金额: 32 ETH",
          "函数: stake (0xc72f18c4)",
          "验证者数量: 1",
          `提款凭证: 无法识别：0x${"22".repeat(32)}`,
          `验证者公钥: 0x${"11".repeat(48)}`,
          "Nonce（交易序号）: 0",
        ].join("\n"),
      ],
      [
        "第 2 笔，共 2 笔",
        "收款方: 0x5FbD B231 5678 afec b367 f032 d93F 642f 6418 0aa3\n金额: 1 ETH\nNonce（交易序号）: 1",
      ],
      ["网络费用（最多）", "0.000084 ETH"],
      ["合计（最多）", "33.000084 ETH"],
    ]);
  });

  it("names the app's own contracts and tokens after the full address, and shows the nonce in decimal", () => {
    const deposit = {
      ...fees,
      nonce: "0x2a",
      to: "0x00000000219ab540356cBB839Cbe05303d7705Fa",
      chainId: "0x7a69",
    } as const;
    const rows = transactionRows(31_337, deposit);
    expect(rows).toContainEqual([
      "To",
      "0x0000 0000 219a b540 356c BB83 9Cbe 0530 3d77 05Fa (beacon chain deposit contract)",
    ]);
    expect(rows).toContainEqual(["Nonce", "42"]);
    const token = transactionRows(31_337, { ...deposit, to: "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7" });
    expect(token).toContainEqual(["To", "0x678A ff47 91fF Cc2D 65c7 7640 837a 28b3 aa2A bED7 (dUSD token contract)"]);
  });
});
