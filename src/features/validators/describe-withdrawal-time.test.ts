import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enUS from "../../../locales/en_US.json";
import zhCN from "../../../locales/zh_CN.json";
import type { Translate } from "../../components/network-facts/translate.ts";
import { networks } from "../../generated/index.ts";
import { describeWithdrawalTime } from "./describe-withdrawal-time.ts";

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

describe("unstake time from config", () => {
  it("says the spec's sentence for Ethereum's 2 to 3 days, in both languages", () => {
    expect(describeWithdrawalTime(en, networks.ethereum.staking.withdrawalTime)).toBe(
      "Unstake takes 2-3 days to receive assets.",
    );
    expect(describeWithdrawalTime(zh, networks.ethereum.staking.withdrawalTime)).toBe(
      "解除质押需要 2-3 天才能收到资产。",
    );
  });

  it("names both ends when their units differ, and nothing when the network does not say", () => {
    expect(describeWithdrawalTime(en, { min: "PT12H", max: "P2D" })).toBe(
      "Unstake takes 12 hours to 2 days to receive assets.",
    );
    expect(describeWithdrawalTime(en, undefined)).toBeUndefined();
  });
});
