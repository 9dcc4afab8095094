import { describe, expect, it } from "vitest";
import { InFlightLimit } from "./in-flight-limit.ts";

describe("requests in flight", () => {
  it("gives a place back once, however often it is left", () => {
    const limit = new InFlightLimit(2, 3);
    const first = limit.enter("a");
    const second = limit.enter("a");
    expect(limit.enter("a")).toEqual({ ok: false, full: "client" });
    expect(limit.enter("b").ok).toBe(true);
    expect(limit.enter("c")).toEqual({ ok: false, full: "server" });
    if (!first.ok || !second.ok) throw new Error("expected places");
    first.leave();
    first.leave();
    expect(limit.enter("c").ok).toBe(true);
    expect(limit.enter("d")).toEqual({ ok: false, full: "server" });
  });
});
