import { type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { ssvNetworkAbi, ssvNetworkViewsAbi } from "./generated/index.ts";

// Selectors and topics of the SSV Network's published SSVNetwork / SSVNetworkViews ABI (v1.2, SSV-paid clusters):
// calldata and logs of the devnet contracts must be byte-for-byte what mainnet's would be.
const networkFunctions = {
  registerOperator: "0xc9bbc9fa",
  removeOperator: "0x2e168e0e",
  registerValidator: "0x06e8fb9c",
  bulkRegisterValidator: "0x22f18bf5",
  removeValidator: "0x12b3fc19",
  deposit: "0xbc26e7e5",
  withdraw: "0x686e682c",
  liquidate: "0xbf0f2fb2",
  reactivate: "0x5fec6dd0",
  updateNetworkFee: "0x1f1f9fd5",
  updateLiquidationThresholdPeriod: "0x6512447d",
  updateMinimumLiquidationCollateral: "0xb4c9c408",
  updateMaximumOperatorFee: "0xe39c6744",
};
const viewFunctions = {
  getOperatorById: "0xbe3f058e",
  getOperatorFee: "0x9ad3c745",
  getNetworkFee: "0xfc043830",
  getLiquidationThresholdPeriod: "0x9040f7c3",
  getMinimumLiquidationCollateral: "0x5ba3d62a",
  getBalance: "0xeb8ecfa7",
  getBurnRate: "0xca162e5e",
  isLiquidatable: "0x16cff008",
  isLiquidated: "0xa694695b",
  getValidator: "0x3e2ec160",
  getNetworkEarnings: "0x777915cb",
  getNetworkValidatorsCount: "0x9568f9d9",
  getMaximumOperatorFee: "0xdf02ef7f",
};
const events = {
  OperatorAdded: ["0xd839f31c14bd632f424e307b36abff63ca33684f77f28e35dc13718ef338f7f4", ["operatorId", "owner"]],
  OperatorRemoved: ["0x0e0ba6c2b04de36d6d509ec5bd155c43a9fe862f8052096dd54f3902a74cca3e", ["operatorId"]],
  ValidatorAdded: ["0x48a3ea0796746043948f6341d17ff8200937b99262a0b48c2663b951ed7114e5", ["owner"]],
  ValidatorRemoved: ["0xccf4370403e5fbbde0cd3f13426479dcd8a5916b05db424b7a2c04978cf8ce6e", ["owner"]],
  ClusterDeposited: ["0x2bac1912f2481d12f0df08647c06bee174967c62d3a03cbc078eb215dc1bd9a2", ["owner"]],
  ClusterWithdrawn: ["0x39d1320bbda24947e77f3560661323384aa0a1cb9d5e040e617e5cbf50b6dbe0", ["owner"]],
  ClusterLiquidated: ["0x1fce24c373e07f89214e9187598635036111dbb363e99f4ce498488cdc66e688", ["owner"]],
  ClusterReactivated: ["0xc803f8c01343fcdaf32068f4c283951623ef2b3fa0c547551931356f456b6859", ["owner"]],
  NetworkFeeUpdated: ["0x8f49a76c5d617bd72673d92d3a019ff8f04f204536aae7a3d10e7ca85603f3cc", []],
  LiquidationThresholdPeriodUpdated: ["0x42af14411036d7a50e5e92daf825781450fc8fac8fb65cbdb04720ff08efb84f", []],
  MinimumLiquidationCollateralUpdated: ["0xd363ab4392efaf967a89d8616cba1ff0c6f05a04c2f214671be365f0fab05960", []],
} as const;

const selectors = (abi: readonly unknown[]) =>
  Object.fromEntries(
    (abi as AbiFunction[])
      .filter((item) => item.type === "function")
      .map((item) => [item.name, toFunctionSelector(item)]),
  );

describe("devnet SSV ABI", () => {
  it("has SSVNetwork's function selectors, and SSVNetwork answers the views too, as mainnet's does", () => {
    const network = selectors(ssvNetworkAbi);
    expect(network).toMatchObject(networkFunctions);
    expect(network).toMatchObject(viewFunctions);
  });

  it("has SSVNetworkViews' function selectors", () => {
    expect(selectors(ssvNetworkViewsAbi)).toMatchObject(viewFunctions);
  });

  it("emits SSVNetwork's events with the same topics and indexed arguments", () => {
    const abiEvents = (ssvNetworkAbi as readonly unknown[] as AbiEvent[]).filter((item) => item.type === "event");
    for (const [name, [topic, indexed]] of Object.entries(events)) {
      const event = abiEvents.find((item) => item.name === name);
      expect(event && toEventSelector(event), name).toBe(topic);
      expect(
        event?.inputs.filter((input) => input.indexed).map((input) => input.name),
        name,
      ).toEqual(indexed);
    }
  });
});
