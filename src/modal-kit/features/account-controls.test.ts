import { describe, expect, it } from "vitest";
import { accountActions, accountTabs } from "./account-controls.ts";
import { resolveFeatures } from "./features.ts";

describe("Account's controls by flag", () => {
  it("shows Receive then Send by default (spec order onramp, swaps, receive, send)", () => {
    expect(accountActions(resolveFeatures(), true)).toEqual(["receive", "send"]);
    expect(accountTabs(resolveFeatures())).toEqual(["tokens", "activity"]);
  });

  it("follows walletFeaturesOrder", () => {
    expect(accountActions(resolveFeatures({ walletFeaturesOrder: ["send", "onramp", "receive"] }), true)).toEqual([
      "send",
      "receive",
    ]);
  });

  it("drops Send when its flag is off or the blockchain API is missing, Receive when its flag is off", () => {
    expect(accountActions(resolveFeatures({ send: false }), true)).toEqual(["receive"]);
    expect(accountActions(resolveFeatures(), false)).toEqual(["receive"]);
    expect(accountActions(resolveFeatures({ receive: false }), true)).toEqual(["send"]);
    expect(accountActions(resolveFeatures({ receive: false, send: false }), true)).toEqual([]);
  });

  it("drops the Activity tab when the remote activity flag is off, whatever the host said", () => {
    expect(accountTabs(resolveFeatures({ activity: true }, { activity: false }))).toEqual(["tokens"]);
  });
});
