import { describe, expect, it } from "vitest";
import { formatDate, formatDay } from "./format-date.ts";

describe("formatDate", () => {
  it("writes two-digit year, month and day separated by dashes", () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe("26-11-22");
    expect(formatDate(new Date(2009, 0, 5))).toBe("09-01-05");
    expect(formatDate(new Date(2100, 11, 31))).toBe("00-12-31");
  });
});

describe("formatDay", () => {
  it("writes a backend day (yyyy-mm-dd) in the app's format", () => {
    expect(formatDay("2026-11-22")).toBe("26-11-22");
    expect(formatDay("2009-01-05")).toBe("09-01-05");
  });
});
