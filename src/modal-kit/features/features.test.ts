import { describe, expect, it } from "vitest";
import { resolveFeatures } from "./features.ts";

describe("kit feature flags (spec sections 3 and 9)", () => {
  it("defaults to the spec's values when neither the host nor the server sets a flag", () => {
    const features = resolveFeatures();
    expect(features.socials).toEqual(["google", "x", "farcaster", "discord", "apple", "github", "facebook"]);
    expect(features.walletFeaturesOrder).toEqual(["onramp", "swaps", "receive", "send"]);
    expect(features.connectorTypeOrder).toEqual([
      "walletConnect",
      "recent",
      "injected",
      "featured",
      "custom",
      "external",
      "recommended",
    ]);
    expect(features.analytics).toBe(true);
    expect(features.legalCheckbox).toBe(false);
    expect(features.smartSessions).toBe(false);
    expect(features.allWallets).toBe(true);
    expect(features.send).toBe(true);
    expect(features.receive).toBe(true);
    expect(features.activity).toBe(true);
  });

  it("takes the host's local flags over the defaults, ignoring unset ones and other options", () => {
    const features = resolveFeatures({
      send: false,
      legalCheckbox: true,
      allWallets: undefined,
      ...{ networkSwitching: false },
    });
    expect(features.send).toBe(false);
    expect(features.legalCheckbox).toBe(true);
    expect(features.allWallets).toBe(true);
    expect(features).not.toHaveProperty("networkSwitching");
  });

  it("takes the server's remote flags over the host's, and keeps the host's where the server says nothing", () => {
    const features = resolveFeatures(
      { activity: true, swaps: true, email: false, analytics: false },
      { activity: false, socials: false, swaps: undefined },
    );
    expect(features.activity).toBe(false);
    expect(features.socials).toBe(false);
    expect(features.swaps).toBe(true);
    expect(features.email).toBe(false);
    expect(features.analytics).toBe(false);
  });

  it("never lets the server set a local flag", () => {
    const remote = { activity: true, analytics: false, send: false } as unknown as Parameters<
      typeof resolveFeatures
    >[1];
    const features = resolveFeatures({}, remote);
    expect(features.analytics).toBe(true);
    expect(features.send).toBe(true);
  });
});
