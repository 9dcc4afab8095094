import { describe, expect, it } from "vitest";
import { describeDevice } from "./device-description.ts";

describe("the requesting browser, from its User-Agent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", os: "Windows 10 or 11" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { browser: "Edge 131", os: "Windows 10 or 11" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", os: "macOS 10.15" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17", os: "iOS 17.6 (iPhone)" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      { browser: "Samsung Internet 26", os: "Android 14" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
      { browser: "Chrome 156", os: "Linux" },
    ],
    ["curl/8.5.0", { browser: "Unknown browser", os: "unknown system" }],
    [undefined, { browser: "Unknown browser", os: "unknown system" }],
  ])("%s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toEqual(expected);
  });
});
