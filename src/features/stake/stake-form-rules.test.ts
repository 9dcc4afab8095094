import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { stakeOffering } from "../../core/stake-offering.ts";
import { networks } from "../../generated/index.ts";
import { amountProblem, choiceFor, stakeCostWei, type WalletFacts } from "./stake-form-rules.ts";

const devnet = stakeOffering(networks.ethereum, "devnet");
if (!devnet) throw new Error("the devnet has no stake offering");
const offering = { ...devnet, serviceFee: "0.1", serviceFeeWei: parseEther("0.1") };
const onChain: WalletFacts = { balanceWei: parseEther("100"), wrongChain: false };

describe("stake form rules from config", () => {
  it("turns 0x01 amounts into whole validators and 0x02 into one validator of that amount", () => {
    expect(choiceFor({ credentialType: "0x01", amount: "64" }, offering)).toEqual({
      credentialType: "0x01",
      validators: 2,
      perValidatorWei: parseEther("32"),
    });
    expect(choiceFor({ credentialType: "0x02", amount: "100.5" }, offering)).toEqual({
      credentialType: "0x02",
      amountWei: parseEther("100.5"),
    });
    expect(choiceFor({ credentialType: "0x01", amount: "50" }, offering)).toBeUndefined();
  });

  it("costs deposits plus the service fee per validator", () => {
    const two = choiceFor({ credentialType: "0x01", amount: "64" }, offering);
    if (!two) throw new Error("64 is valid");
    expect(stakeCostWei(two, parseEther("0.1"))).toBe(parseEther("64.2"));
  });

  it("checks range, step and gwei precision per credential type, then chain and balance", () => {
    const problem = (credentialType: "0x01" | "0x02", amount: string, wallet = onChain) =>
      amountProblem({ credentialType, amount }, offering, wallet)?.key;
    expect(problem("0x01", "31")).toBe("amount.errors.belowMinimum");
    expect(problem("0x01", "2080")).toBe("amount.errors.aboveMaximum");
    expect(problem("0x01", "40")).toBe("amount.errors.notAStep");
    expect(problem("0x02", "40")).toBeUndefined();
    expect(problem("0x02", "40.0000000001")).toBe("amount.errors.tooManyDecimals");
    expect(problem("0x01", "64", { ...onChain, wrongChain: true })).toBe("ethStake.errors.wrongChain");
    expect(problem("0x01", "128")).toBe("ethStake.errors.insufficientBalance");
    // 64 ETH + 2 × 0.1 ETH fee is more than a balance of 64.1 ETH.
    expect(problem("0x01", "64", { balanceWei: parseEther("64.1"), wrongChain: false })).toBe(
      "ethStake.errors.insufficientBalance",
    );
    expect(problem("0x01", "64", { balanceWei: undefined, wrongChain: false })).toBeUndefined();
  });
});
