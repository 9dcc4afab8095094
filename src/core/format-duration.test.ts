import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-duration.ts";

describe("formatDuration", () => {
  it("says a ten-minute lock as minutes, in both languages", () => {
    expect(formatDuration(600, "en_US")).toBe("10 min");
    expect(formatDuration(600n, "zh_CN")).toBe("10分钟");
  });

  it("joins days and hours and leaves out the parts that are zero", () => {
    expect(formatDuration(2 * 86_400 + 3 * 3_600, "en_US")).toBe("2 days, 3 hr");
    expect(formatDuration(2 * 86_400 + 3 * 3_600, "zh_CN")).toBe("2天3小时");
    expect(formatDuration(7 * 86_400, "en_US")).toBe("7 days");
    expect(formatDuration(86_400 + 60, "en_US")).toBe("1 day, 1 min");
  });

  it("keeps seconds and never goes below zero", () => {
    expect(formatDuration(45, "en_US")).toBe("45 sec");
    expect(formatDuration(0, "en_US")).toBe("0 sec");
    expect(formatDuration(-5, "zh_CN")).toBe("0秒");
  });
});
