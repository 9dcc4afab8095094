import { describe, expect, it } from "vitest";
import { decideScroll } from "./scroll-decision.ts";

const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

describe("decideScroll", () => {
  it("restores the saved position on back and forward", () => {
    expect(decideScroll("POP", at("/"), at("/contact"), 1280)).toEqual({ kind: "restore" });
  });

  it("scrolls to the element a hash names", () => {
    expect(decideScroll("PUSH", at("/"), at("/", "", "#networks"), 1280)).toEqual({ kind: "hash", id: "networks" });
  });

  it("scrolls to half the page when paging rewards of the same type on a wide screen", () => {
    const from = at("/ethereum/reward", "?type=consensus&current=1");
    const to = at("/ethereum/reward", "?type=consensus&current=2");
    expect(decideScroll("PUSH", from, to, 768)).toEqual({ kind: "half" });
    expect(decideScroll("PUSH", at("/ethereum/reward", "?type=consensus"), to, 1280)).toEqual({ kind: "half" });
  });

  it("scrolls to the top for narrow screens, another type, no current query or another route", () => {
    const to = at("/ethereum/reward", "?type=consensus&current=2");
    expect(decideScroll("PUSH", at("/ethereum/reward", "?type=consensus&current=1"), to, 767)).toEqual({ kind: "top" });
    expect(decideScroll("PUSH", at("/ethereum/reward", "?type=execution&current=1"), to, 1280)).toEqual({
      kind: "top",
    });
    expect(
      decideScroll("PUSH", at("/ethereum/reward", "?type=consensus"), at("/ethereum/reward", "?type=consensus"), 1280),
    ).toEqual({ kind: "top" });
    expect(decideScroll("PUSH", at("/ethereum/claim", "?type=consensus"), to, 1280)).toEqual({ kind: "top" });
    expect(decideScroll("REPLACE", undefined, at("/contact"), 1280)).toEqual({ kind: "top" });
  });
});
