import type { AbiFunction, AbiParameter } from "viem";
import { describe, expect, it } from "vitest";
import {
  delegationPoolAbi,
  depositContractAbi,
  devnetTokenAbi,
  ethStakingAbi,
  rewardsClaimAbi,
  ssvNetworkAbi,
} from "../../../contracts/generated/index.ts";
import { functionOf, KNOWN_CALLS } from "./known-calls.ts";

/** An input as the frame needs it: name, type and a tuple's components, nothing else of the compiler's output. */
const shape = (parameter: AbiParameter): unknown => ({
  name: parameter.name,
  type: parameter.type,
  ...("components" in parameter ? { components: parameter.components.map(shape) } : {}),
});

const generated = (abi: readonly unknown[], name: string) => {
  const item = (abi as readonly AbiFunction[]).find((entry) => entry.type === "function" && entry.name === name);
  if (!item) throw new Error(`the generated ABI has no function ${name}`);
  return item;
};

describe("the calls the frame decodes", () => {
  it("are the generated ABIs' functions, with the same input names and types (tuples included)", () => {
    const expected = [
      [devnetTokenAbi, "approve"],
      [devnetTokenAbi, "transfer"],
      [devnetTokenAbi, "transferFrom"],
      [depositContractAbi, "deposit"],
      [ethStakingAbi, "stake"],
      [ethStakingAbi, "stakeCompounding"],
      [rewardsClaimAbi, "claim"],
      [delegationPoolAbi, "increaseStake"],
      [delegationPoolAbi, "decreaseStake"],
      [delegationPoolAbi, "withdrawStake"],
      [delegationPoolAbi, "claimInterest"],
      [delegationPoolAbi, "claimAllInterest"],
      [ssvNetworkAbi, "registerValidator"],
      [ssvNetworkAbi, "bulkRegisterValidator"],
    ] as const;
    expect(KNOWN_CALLS.map((call) => call.name)).toEqual(expected.map(([, name]) => name));
    for (const [abi, name] of expected) {
      const call = KNOWN_CALLS.find((known) => known.name === name);
      expect(call?.inputs.map(shape), name).toEqual(generated(abi, name).inputs.map(shape));
    }
  });

  it("finds a call by its selector, gives the bare selector for another, and nothing for data shorter than one", () => {
    expect(functionOf("0x095ea7b3")?.abi?.name).toBe("approve");
    expect(functionOf("0x12345678aa")).toEqual({ selector: "0x12345678", abi: undefined });
    expect(functionOf("0x1234")).toBeUndefined();
  });
});
