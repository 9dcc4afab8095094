import { describe, expect, it } from "vitest";
import { offeredSocials, telegramPlatform } from "./offered-socials.ts";

const ALL = ["google", "x", "farcaster", "discord", "apple", "github", "facebook"] as const;
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko)";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36";

describe("social buttons offered (spec section 9)", () => {
  it("offers the default list in its order when every provider is configured, outside Telegram", () => {
    expect(offeredSocials(ALL, [...ALL], undefined)).toEqual([
      "google",
      "x",
      "farcaster",
      "discord",
      "apple",
      "github",
      "facebook",
    ]);
  });

  it("offers only the providers the server configured, in the flag's order", () => {
    expect(offeredSocials(ALL, ["github", "google"], undefined)).toEqual(["google", "github"]);
  });

  it("offers none when the socials flag is false", () => {
    expect(offeredSocials(false, ["google"], undefined)).toEqual([]);
  });

  it("Telegram on iOS drops google", () => {
    expect(offeredSocials(ALL, [...ALL], "ios")).toEqual(["x", "farcaster", "discord", "apple", "github", "facebook"]);
  });

  it("Telegram on a Mac drops x", () => {
    expect(offeredSocials(ALL, [...ALL], "mac")).toEqual([
      "google",
      "farcaster",
      "discord",
      "apple",
      "github",
      "facebook",
    ]);
  });

  it("Telegram on Android drops facebook and x", () => {
    expect(offeredSocials(ALL, [...ALL], "android")).toEqual(["google", "farcaster", "discord", "apple", "github"]);
  });

  it("Telegram elsewhere drops nothing", () => {
    expect(offeredSocials(ALL, [...ALL], "other")).toEqual([...ALL]);
  });
});

describe("Telegram in-app browser detection", () => {
  it("is not Telegram without Telegram's injected objects, even on an iPhone", () => {
    expect(telegramPlatform({ navigator: { userAgent: IPHONE } })).toBeUndefined();
  });

  it("tells iOS, Mac, Android and other platforms apart inside Telegram", () => {
    expect(telegramPlatform({ TelegramWebviewProxy: {}, navigator: { userAgent: IPHONE } })).toBe("ios");
    expect(telegramPlatform({ Telegram: {}, navigator: { userAgent: MAC } })).toBe("mac");
    expect(telegramPlatform({ TelegramWebviewProxy: {}, navigator: { userAgent: ANDROID } })).toBe("android");
    expect(telegramPlatform({ TelegramWebviewProxyProto: {}, navigator: { userAgent: WINDOWS } })).toBe("other");
  });
});
