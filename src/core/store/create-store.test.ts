import { describe, expect, it, vi } from "vitest";
import { createStore, type StateStorage } from "./create-store.ts";

const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return {
    map,
    storage: {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    } satisfies StateStorage,
  };
};

interface Counter {
  readonly count: number;
  readonly label: string;
}

const isCounter = (value: unknown): Counter | undefined =>
  typeof value === "object" && value !== null && typeof (value as Counter).count === "number"
    ? (value as Counter)
    : undefined;

describe("createStore", () => {
  it("merges a patch into the state and tells each listener the new and previous state", () => {
    const store = createStore<Counter>({ count: 0, label: "a" });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 1 });
    expect(store.getState()).toEqual({ count: 1, label: "a" });
    expect(listener).toHaveBeenCalledWith({ count: 1, label: "a" }, { count: 0, label: "a" });
    store.setState((state) => ({ count: state.count + 1 }));
    expect(store.getState().count).toBe(2);
  });

  it("replaces the state when asked, and keeps a stable reference while nothing changes", () => {
    const store = createStore<Counter>({ count: 0, label: "a" });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 0 });
    store.setState((state) => state);
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.setState({ count: 5, label: "b" }, true);
    expect(store.getState()).toEqual({ count: 5, label: "b" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("stops telling a listener once it unsubscribed", () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setState({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });

  it("holds non-object states (an array) by replacing them", () => {
    const store = createStore<readonly string[]>([]);
    store.setState(["a"], true);
    store.setState((list) => [...list, "b"], true);
    expect(store.getState()).toEqual(["a", "b"]);
  });

  it("starts from the stored state, writes every change and re-reads it on rehydrate", () => {
    const { map, storage } = memoryStorage({ counter: JSON.stringify({ count: 3, label: "stored" }) });
    const store = createStore<Counter>(
      { count: 0, label: "a" },
      { persist: { storage: () => storage, key: "counter", validate: isCounter } },
    );
    expect(store.getState()).toEqual({ count: 3, label: "stored" });
    store.setState({ count: 4 });
    expect(JSON.parse(map.get("counter") ?? "")).toEqual({ count: 4, label: "stored" });
    map.set("counter", JSON.stringify({ count: 9, label: "other tab" }));
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.persisted()).toEqual({ count: 9, label: "other tab" });
    expect(store.getState()).toEqual({ count: 4, label: "stored" });
    expect(listener).not.toHaveBeenCalled();
    store.rehydrate();
    expect(store.getState()).toEqual({ count: 9, label: "other tab" });
    expect(listener).toHaveBeenCalledTimes(1);
    const rehydrated = store.getState();
    store.rehydrate();
    expect(store.getState()).toBe(rehydrated);
    expect(store.persisted()).toBe(rehydrated);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("writes what serialize returns", () => {
    const { map, storage } = memoryStorage();
    const store = createStore<Counter>(
      { count: 0, label: "a" },
      { persist: { storage: () => storage, key: "n", validate: isCounter, serialize: (state) => [state.count] } },
    );
    store.setState({ count: 2 });
    expect(map.get("n")).toBe("[2]");
  });

  it("keeps the initial state when what is stored is unreadable, and memory when storage is blocked", () => {
    for (const text of ["not json", JSON.stringify({ count: "three" })]) {
      const { storage } = memoryStorage({ counter: text });
      const store = createStore<Counter>(
        { count: 0, label: "a" },
        { persist: { storage: () => storage, key: "counter", validate: isCounter } },
      );
      expect(store.getState()).toEqual({ count: 0, label: "a" });
    }
    const refusing: StateStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const blocked = createStore<Counter>(
      { count: 0, label: "a" },
      {
        persist: {
          storage: () => {
            throw new Error("SecurityError");
          },
          key: "counter",
          validate: isCounter,
        },
      },
    );
    blocked.setState({ count: 1 });
    expect(blocked.getState().count).toBe(1);
    const full = createStore<Counter>(
      { count: 0, label: "a" },
      { persist: { storage: () => refusing, key: "counter", validate: isCounter } },
    );
    full.setState({ count: 2 });
    expect(full.getState().count).toBe(2);
    const strict = createStore<Counter>(
      { count: 0, label: "a" },
      { persist: { storage: () => refusing, key: "counter", validate: isCounter, writeRequired: true } },
    );
    expect(() => strict.setState({ count: 2 })).toThrow("QuotaExceededError");
    expect(strict.getState().count).toBe(0);
  });
});
