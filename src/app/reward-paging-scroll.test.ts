import { describe, expect, it } from "vitest";
import { rewardSearch } from "../features/rewards/reward-query.ts";
import { isRewardPaging } from "./scroll-decision.ts";

const params = (search: string) => new URLSearchParams(search);

describe("reward screen page links and the scroll rule", () => {
  it("produces page links the scroll rule treats as reward paging", () => {
    // The reward screen writes its defaults into a bare address (?type=all&current=1) before any paging.
    const first = { pathname: "/ethereum/reward", search: rewardSearch(params(""), {}), hash: "" };
    const second = { ...first, search: rewardSearch(params(first.search), { current: 2 }) };
    const third = { ...second, search: rewardSearch(params(second.search), { current: 3 }) };
    expect(first.search).toBe("?type=all&current=1");
    expect(isRewardPaging(first, second)).toBe(true);
    expect(isRewardPaging(second, third)).toBe(true);
    expect(isRewardPaging({ ...first, search: "" }, first)).toBe(false);
    const otherType = { ...third, search: rewardSearch(params(third.search), { type: "execution" }) };
    expect(isRewardPaging(third, otherType)).toBe(false);
  });
});
