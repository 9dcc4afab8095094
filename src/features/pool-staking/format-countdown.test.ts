import { describe, expect, it } from "vitest";
import { countdownParts } from "./format-countdown.ts";

describe("countdownParts", () => {
  it("splits seconds into days and a clock", () => {
    expect(countdownParts(0)).toEqual({ days: 0, clock: "00:00:00" });
    expect(countdownParts(600)).toEqual({ days: 0, clock: "00:10:00" });
    expect(countdownParts(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toEqual({ days: 2, clock: "03:04:05" });
  });

  it("never counts below zero", () => {
    expect(countdownParts(-5)).toEqual({ days: 0, clock: "00:00:00" });
  });
});
