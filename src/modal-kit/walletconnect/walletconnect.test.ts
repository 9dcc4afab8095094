import { describe, expect, it } from "vitest";
import { formatCountdown, isPairingExpired, pairingExpiresAt, pairingSecondsLeft } from "./pairing-expiry.ts";
import { walletPairingLink } from "./wallet-links.ts";

const uri =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1800000000";

describe("pairing URI expiry", () => {
  it("allows 4 minutes from receipt, or less when the URI's own expiryTimestamp comes first", () => {
    expect(pairingExpiresAt(uri, 0)).toBe(240_000);
    expect(pairingExpiresAt(uri, 1_800_000_000_000 - 60_000)).toBe(1_800_000_000_000);
    expect(pairingExpiresAt("wc:abc@2?relay-protocol=irn&symKey=00", 5_000)).toBe(245_000);
  });

  it("counts the URI as expired once 10 s or less remain", () => {
    const expiresAt = 1_000_000;
    expect(isPairingExpired(expiresAt, expiresAt - 10_001)).toBe(false);
    expect(isPairingExpired(expiresAt, expiresAt - 10_000)).toBe(true);
  });

  it("counts down the seconds until the refresh, as m:ss", () => {
    const expiresAt = 240_000;
    expect(formatCountdown(pairingSecondsLeft(expiresAt, 0))).toBe("3:50");
    expect(formatCountdown(pairingSecondsLeft(expiresAt, 229_500))).toBe("0:01");
    expect(pairingSecondsLeft(expiresAt, 240_000)).toBe(0);
  });
});

describe("walletPairingLink", () => {
  it("adds wc?uri= to native schemes and /wc?uri= to universal links, with the URI encoded", () => {
    expect(walletPairingLink("metamask://", "wc:a@2?x=1")).toBe("metamask://wc?uri=wc%3Aa%402%3Fx%3D1");
    expect(walletPairingLink("okex://main", "wc:a@2")).toBe("okex://main/wc?uri=wc%3Aa%402");
    expect(walletPairingLink("https://link.trustwallet.com/", "wc:a@2")).toBe(
      "https://link.trustwallet.com/wc?uri=wc%3Aa%402",
    );
  });

  it("gives no link for a catalogue link that is not https nor an approved wallet app scheme", () => {
    for (const link of ["javascript:alert(1)//", "data:text/html,x", "http://wallet.example", "evilapp://", null])
      expect(walletPairingLink(link, "wc:a@2"), String(link)).toBeUndefined();
  });
});
