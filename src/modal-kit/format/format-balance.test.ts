import { parseEther, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { formatBalance, shortAddress } from "./format-balance.ts";

describe("formatBalance", () => {
  it("floors to 3 decimals instead of rounding up", () => {
    expect(formatBalance(parseEther("1.23999"), 18)).toBe("1.239");
    expect(formatBalance(parseEther("0.0009999"), 18)).toBe("0");
  });

  it("drops trailing zeros and keeps large whole amounts exact", () => {
    expect(formatBalance(parseEther("10000"), 18)).toBe("10000");
    expect(formatBalance(parseEther("1.5"), 18)).toBe("1.5");
    expect(formatBalance(parseEther("123456789012345.678"), 18)).toBe("123456789012345.678");
  });

  it("handles tokens with fewer than 3 decimals", () => {
    expect(formatBalance(parseUnits("12.5", 1), 1)).toBe("12.5");
    expect(formatBalance(7n, 0)).toBe("7");
  });
});

describe("shortAddress", () => {
  it("keeps the first 6 and last 4 characters", () => {
    expect(shortAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")).toBe("0xf39F…2266");
  });
});
