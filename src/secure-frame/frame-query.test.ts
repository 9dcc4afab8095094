import { describe, expect, it } from "vitest";
import { parseFrameQuery } from "./frame-query.ts";

describe("the secure frame's query", () => {
  it("takes the app's locale from the query", () => {
    expect(parseFrameQuery("?projectId=p1&chainId=31337&version=1&enableLogger=false&locale=zh_CN")).toEqual({
      chainId: 31337,
      enableLogger: false,
      locale: "zh_CN",
    });
    expect(parseFrameQuery("?chainId=1&locale=en_US").locale).toBe("en_US");
  });

  it("falls back to en_US for a locale the app does not have, a malformed one or none", () => {
    for (const search of ["?locale=fr_FR", "?locale=zh-CN", "?locale=", "?locale=toString", "?locale=__proto__", ""])
      expect(parseFrameQuery(search).locale).toBe("en_US");
  });

  it("reads enableLogger=true and falls back to chain 1 without a chain id", () => {
    expect(parseFrameQuery("?enableLogger=true")).toEqual({ chainId: 1, enableLogger: true, locale: "en_US" });
  });
});
