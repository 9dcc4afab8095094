import { describe, expect, it } from "vitest";
import { addRecentWallet, RECENT_WALLETS_STORAGE_KEY, readRecentWallets } from "./recent-wallets.ts";

/** A Storage over a Map, the same interface the browser's localStorage has. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("recent wallets", () => {
  it("keeps the two most recent wallets, newest first, without duplicates", () => {
    const storage = new MemoryStorage();
    addRecentWallet({ id: "io.metamask", name: "MetaMask", rdns: "io.metamask" }, storage);
    addRecentWallet({ id: "io.rabby", name: "Rabby", rdns: "io.rabby" }, storage);
    addRecentWallet({ id: "io.metamask", name: "MetaMask", rdns: "io.metamask" }, storage);
    addRecentWallet({ id: "me.rainbow", name: "Rainbow" }, storage);
    expect(readRecentWallets(storage).map((w) => w.name)).toEqual(["Rainbow", "MetaMask"]);
  });

  it("survives a corrupted entry in storage", () => {
    const storage = new MemoryStorage();
    storage.setItem(RECENT_WALLETS_STORAGE_KEY, "{not json");
    expect(readRecentWallets(storage)).toEqual([]);
    storage.setItem(RECENT_WALLETS_STORAGE_KEY, JSON.stringify([{ id: 1 }, { id: "io.rabby", name: "Rabby" }]));
    expect(readRecentWallets(storage)).toEqual([{ id: "io.rabby", name: "Rabby" }]);
  });
});
