import { describe, expect, it, vi } from "vitest";
import { createSessionStore, hasSession } from "./session-store.ts";

const ADDRESS = "0xAbC0000000000000000000000000000000000001";

describe("the kit's sign-in sessions", () => {
  it("knows a session by address (any case) and chain, and remembers the chain of the latest one", () => {
    const sessions = createSessionStore();
    const listener = vi.fn();
    sessions.subscribe(listener);
    expect(sessions.has(ADDRESS, 1)).toBe(false);
    sessions.add({ address: ADDRESS, chainId: 1 });
    sessions.add({ address: ADDRESS, chainId: 10 });
    expect(sessions.has(ADDRESS.toLowerCase(), 1)).toBe(true);
    expect(hasSession(sessions.getState(), ADDRESS, 10)).toBe(true);
    expect(sessions.has(ADDRESS, 137)).toBe(false);
    expect(sessions.has(undefined, 1)).toBe(false);
    expect(sessions.lastChainId()).toBe(10);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("forgets every session on clear", () => {
    const sessions = createSessionStore();
    sessions.add({ address: ADDRESS, chainId: 1 });
    sessions.clear();
    expect(sessions.has(ADDRESS, 1)).toBe(false);
    expect(sessions.lastChainId()).toBeUndefined();
  });
});
