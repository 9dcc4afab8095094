import { describe, expect, it } from "vitest";
import { checkWholeCount } from "./whole-count.ts";

describe("checkWholeCount", () => {
  it("reads digits as a count", () => {
    expect(checkWholeCount(" 12 ")).toEqual({ ok: true, count: 12n });
    expect(checkWholeCount("2", 2n)).toEqual({ ok: true, count: 2n });
    expect(checkWholeCount("18446744073709551616")).toEqual({ ok: true, count: 18446744073709551616n });
  });

  it("names each kind of bad input instead of throwing", () => {
    const problem = (text: string, max?: bigint) => {
      const check = checkWholeCount(text, max);
      return check.ok ? undefined : check.problem;
    };
    expect(problem("")).toEqual({ key: "count.errors.required" });
    expect(problem("   ")).toEqual({ key: "count.errors.required" });
    expect(problem("abc")).toEqual({ key: "count.errors.notANumber" });
    expect(problem("1e3")).toEqual({ key: "count.errors.notANumber" });
    expect(problem("0x10")).toEqual({ key: "count.errors.notANumber" });
    expect(problem("1 000")).toEqual({ key: "count.errors.notANumber" });
    expect(problem("1.5")).toEqual({ key: "count.errors.notWhole" });
    expect(problem("1,5")).toEqual({ key: "count.errors.notWhole" });
    expect(problem(".5")).toEqual({ key: "count.errors.notWhole" });
    expect(problem("-1")).toEqual({ key: "count.errors.notPositive" });
    expect(problem("0")).toEqual({ key: "count.errors.notPositive" });
    expect(problem("3", 2n)).toEqual({ key: "count.errors.tooMany", values: { max: "2" } });
  });
});
