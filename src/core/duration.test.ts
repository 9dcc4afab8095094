import { describe, expect, it } from "vitest";
import { parseDuration } from "./duration.ts";

describe("config durations", () => {
  it("reads the single-unit ISO 8601 durations config uses", () => {
    expect(parseDuration("P7D")).toEqual({ count: 7, unit: "day", seconds: 7 * 86_400 });
    expect(parseDuration("P2W")).toEqual({ count: 2, unit: "week", seconds: 14 * 86_400 });
    expect(parseDuration("P1Y")).toEqual({ count: 1, unit: "year", seconds: 365 * 86_400 });
    expect(parseDuration("PT4H")).toEqual({ count: 4, unit: "hour", seconds: 14_400 });
    expect(parseDuration("P1M")?.unit).toBe("month");
    expect(parseDuration("PT1M")?.unit).toBe("minute");
  });

  it("rejects durations with several units, zero, or no unit", () => {
    for (const bad of ["P1Y2M", "P0D", "7 days", "P", "PT", "P7", "p7d"])
      expect(parseDuration(bad), bad).toBeUndefined();
  });
});
