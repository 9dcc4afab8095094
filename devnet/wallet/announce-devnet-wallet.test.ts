import { describe, expect, it } from "vitest";
import {
  announceDevnetWallet,
  DEVNET_WALLET_ICON,
  devnetWalletRdns,
  type ProviderInfo,
} from "./announce-devnet-wallet.ts";

const info: ProviderInfo = {
  uuid: "4f1c3b2a-9d8e-4c7b-a6f5-0e1d2c3b4a59",
  name: "Devnet Wallet",
  icon: DEVNET_WALLET_ICON,
  rdns: devnetWalletRdns("https://meridian.example"),
};

describe("Devnet Wallet announcement (EIP-6963)", () => {
  it("announces itself at once and again whenever a dapp requests providers", () => {
    const page = new EventTarget();
    const seen: { info: ProviderInfo; provider: unknown }[] = [];
    page.addEventListener("eip6963:announceProvider", (event) => seen.push((event as CustomEvent).detail));
    const provider = { request: async () => null };
    const stop = announceDevnetWallet(page, info, provider);
    page.dispatchEvent(new Event("eip6963:requestProvider"));
    expect(seen).toHaveLength(2);
    expect(seen[0]?.info).toEqual(info);
    expect(seen[1]?.provider).toBe(provider);
    expect(Object.isFrozen(seen[0]) && Object.isFrozen(seen[0]?.info)).toBe(true);
    stop();
    page.dispatchEvent(new Event("eip6963:requestProvider"));
    expect(seen).toHaveLength(2);
  });

  it("names itself with a reverse-DNS id from the app's website and an SVG data-URI icon", () => {
    expect(info.rdns).toBe("example.meridian.devnet-wallet");
    expect(DEVNET_WALLET_ICON.startsWith("data:image/svg+xml,")).toBe(true);
  });
});
