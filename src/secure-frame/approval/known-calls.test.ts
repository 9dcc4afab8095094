import { type AbiFunction, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import {
  delegationPoolAbi,
  depositContractAbi,
  ethStakingAbi,
  ssvNetworkAbi,
  ssvTokenAbi,
} from "../../../contracts/generated/index.ts";
import { functionOf, KNOWN_CALLS } from "./known-calls.ts";

const selectorOf = (abi: readonly unknown[], name: string) => {
  const item = (abi as readonly AbiFunction[]).find((entry) => entry.type === "function" && entry.name === name);
  if (!item) throw new Error(`the generated ABI has no function ${name}`);
  return toFunctionSelector(item);
};

describe("the staking calls the frame names", () => {
  it("are the generated ABIs' functions, each named by its selector", () => {
    const expected = [
      [depositContractAbi, "deposit"],
      [ethStakingAbi, "stake"],
      [ethStakingAbi, "stakeCompounding"],
      [delegationPoolAbi, "increaseStake"],
      [delegationPoolAbi, "decreaseStake"],
      [delegationPoolAbi, "withdrawStake"],
      [delegationPoolAbi, "claimInterest"],
      [delegationPoolAbi, "claimAllInterest"],
      [ssvTokenAbi, "approve"],
      [ssvNetworkAbi, "registerValidator"],
      [ssvNetworkAbi, "bulkRegisterValidator"],
    ] as const;
    expect(KNOWN_CALLS).toHaveLength(expected.length);
    for (const [abi, name] of expected) expect(functionOf(selectorOf(abi, name))?.name).toBe(name);
  });

  it("gives the bare selector for another call and nothing for data shorter than a selector", () => {
    expect(functionOf("0xa9059cbb0000")).toEqual({ selector: "0xa9059cbb", name: undefined });
    expect(functionOf("0x1234")).toBeUndefined();
  });
});
