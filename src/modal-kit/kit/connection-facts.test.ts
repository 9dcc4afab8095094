import { describe, expect, it, vi } from "vitest";
import { createConnectionFacts } from "./connection-facts.ts";

describe("the kit's connection facts", () => {
  it("starts disconnected and tells listeners only when a fact changes", () => {
    const connection = createConnectionFacts();
    expect(connection.getState()).toEqual({
      isConnected: false,
      address: undefined,
      chainId: undefined,
      namespace: undefined,
    });
    const listener = vi.fn();
    connection.subscribe(listener);
    const facts = { isConnected: true, address: "0xabc", chainId: 1, namespace: "eip155" } as const;
    connection.setState(facts);
    connection.setState({ ...facts });
    expect(listener).toHaveBeenCalledTimes(1);
    connection.setState({ ...facts, chainId: 10 });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(connection.getState().chainId).toBe(10);
  });
});
