import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import zhCN from "../../../locales/zh_CN.json";
import { networks } from "../../generated/index.ts";
import { describeDurationRange, describeFrequency } from "./describe-duration.ts";
import { describeMinimum, describeStakingFacts, describeUnbonding } from "./describe-staking.ts";
import type { Translate } from "./translate.ts";

let en: Translate;
let zh: Translate;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en_US: { translation: enUS }, zh_CN: { translation: zhCN } },
    lng: "en_US",
    interpolation: { escapeValue: false },
  });
  en = (key, values) => instance.t(key, { ...values, lng: "en_US" });
  zh = (key, values) => instance.t(key, { ...values, lng: "zh_CN" });
});

describe("network facts from config", () => {
  it("states each network's minimum from config", () => {
    expect(describeMinimum(en, networks.avalanche.staking, "AVAX")).toBe("25 AVAX");
    expect(describeMinimum(en, networks.manta.staking, "MANTA")).toBe(
      "500 MANTA, set by the chain's parachainStaking.minDelegation (can change)",
    );
    expect(describeMinimum(zh, networks.manta.staking, "MANTA")).toBe(
      "500 MANTA，由链上参数 parachainStaking.minDelegation 设定（可能调整）",
    );
    const { minimumParameterValue: _, ...withoutValue } = networks.manta.staking;
    expect(describeMinimum(en, withoutValue, "MANTA")).toBe("Set by the network, can change");
    expect(describeMinimum(en, networks.cosmos.staking, "ATOM")).toBe("No minimum");
  });

  it("states unbonding with its bound and mechanism, in both languages", () => {
    expect(describeUnbonding(en, networks.fantom.staking)).toBe("7 days");
    expect(describeUnbonding(en, networks.cosmos.staking)).toBe("Up to 21 days");
    expect(describeUnbonding(en, networks.manta.staking)).toBe("7 days queue");
    expect(describeUnbonding(en, networks.ethereum.staking)).toBe("2–3 days");
    expect(describeUnbonding(zh, networks.cosmos.staking)).toBe("最长 21 天");
    expect(describeUnbonding(zh, networks.manta.staking)).toBe("排队 7 天");
  });

  it("uses singular and plural forms", () => {
    expect(describeFrequency(en, "P1D")).toBe("once a day");
    expect(describeFrequency(en, "PT4H")).toBe("every 4 hours");
    expect(describeFrequency(zh, "P1D")).toBe("每天一次");
    expect(describeDurationRange(en, { min: "P2W", max: "P1Y" })).toBe("2 weeks to 1 year");
    expect(describeDurationRange(zh, { min: "P2W", max: "P1Y" })).toBe("2 周至 1 年");
  });

  it("lists Ethereum's range, withdrawal time and deposit interval", () => {
    expect(describeStakingFacts(en, networks.ethereum.staking, "ETH")).toEqual([
      "Minimum stake: 32 ETH",
      "Stake from 32 to 2048 ETH in steps of 32",
      "Unstaked assets arrive in 2–3 days",
      "Rewards paid once a day",
      "New deposits are picked up every 4 hours",
    ]);
    expect(describeStakingFacts(zh, networks.avalanche.staking, "AVAX")).toEqual([
      "最低质押：25 AVAX",
      "解绑期：未列明",
      "委托期限：2 周至 1 年",
      "收益发放频率：每天一次",
    ]);
  });

  it("states a 0x02 stake as any amount in the range, not in steps of 32", () => {
    expect(describeStakingFacts(en, networks.ethereum.staking, "ETH", { stepped: false })).toEqual([
      "Minimum stake: 32 ETH",
      "Stake any amount from 32 to 2048 ETH",
      "Unstaked assets arrive in 2–3 days",
      "Rewards paid once a day",
      "New deposits are picked up every 4 hours",
    ]);
  });

  it("takes a pool's minimum and lock period from the chain, and leaves them out while unknown", () => {
    const espace = networks.conflux.subNetworks?.find((part) => part.id === "espace");
    if (!espace) throw new Error("conflux has no espace part");
    expect(
      describeStakingFacts(en, espace.staking, "CFX", { fromChain: { minimum: "1000 CFX", lockPeriod: "10 min" } }),
    ).toEqual(["Minimum stake: 1000 CFX", "Lock period: 10 min", "Rewards paid once a day"]);
    expect(
      describeStakingFacts(zh, espace.staking, "CFX", { fromChain: { minimum: undefined, lockPeriod: undefined } }),
    ).toEqual(["收益发放频率：每天一次"]);
  });
});
