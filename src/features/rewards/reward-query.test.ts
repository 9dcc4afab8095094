import { describe, expect, it } from "vitest";
import { pageCount, parseDayInput, readRewardQuery, rewardSearch } from "./reward-query.ts";

const params = (search: string) => new URLSearchParams(search);

describe("reward history query", () => {
  it("reads type, page and range, falling back to the defaults for anything unusable", () => {
    expect(readRewardQuery(params(""))).toEqual({ type: "all", current: 1, from: undefined, to: undefined });
    expect(readRewardQuery(params("type=execution&current=3&from=2026-11-01&to=2026-11-20"))).toEqual({
      type: "execution",
      current: 3,
      from: "2026-11-01",
      to: "2026-11-20",
    });
    expect(readRewardQuery(params("type=staking&current=0&from=2026-02-30&to=26-11-01"))).toEqual({
      type: "all",
      current: 1,
      from: undefined,
      to: undefined,
    });
    expect(readRewardQuery(params("from=2026-11-20&to=2026-11-01"))).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-20",
    });
  });

  it("writes type and current on every page link, keeping the viewed address", () => {
    const now = params("address=0xabc&type=consensus&current=2");
    expect(rewardSearch(now, { current: 3 })).toBe("?address=0xabc&type=consensus&current=3");
    expect(rewardSearch(params(""), { current: 2 })).toBe("?type=all&current=2");
  });

  it("starts again at page 1 when the type or the range changes", () => {
    const now = params("type=all&current=4&from=2026-11-01");
    expect(rewardSearch(now, { type: "execution" })).toBe("?type=execution&current=1&from=2026-11-01");
    expect(rewardSearch(now, { from: undefined, to: "2026-11-09" })).toBe("?type=all&current=1&to=2026-11-09");
    expect(rewardSearch(now, { type: "all" })).toBe("?type=all&current=4&from=2026-11-01");
  });

  it("reads typed days in the app's format, yy-mm-dd, or in full", () => {
    expect(parseDayInput("26-11-01")).toBe("2026-11-01");
    expect(parseDayInput(" 26-1-5 ")).toBe("2026-01-05");
    expect(parseDayInput("2026-11-01")).toBe("2026-11-01");
    expect(parseDayInput("26-02-30")).toBeUndefined();
    expect(parseDayInput("01/11/26")).toBeUndefined();
    expect(parseDayInput("")).toBeUndefined();
  });

  it("counts pages", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
