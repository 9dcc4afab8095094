import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { createCatalogueClient } from "./catalogue-client.ts";
import { createWalletListStore, type WalletListOptions } from "./wallet-list-store.ts";
import type { WalletListing } from "./wallet-listing.ts";

const wallets: WalletListing[] = Array.from({ length: 95 }, (_, index) => ({
  id: `id-${index}`,
  name: index % 10 === 0 ? `Ledger Edition ${index}` : `Wallet ${index}`,
  image_url: `https://wallets.example/${index}.png`,
  chains: ["eip155"],
}));

let server: CatalogueServer;
beforeAll(async () => {
  server = await startCatalogueServer(wallets);
});
afterAll(() => server.close());

function store(options: Partial<WalletListOptions> = {}) {
  const client = createCatalogueClient({
    baseUrl: server.baseUrl,
    projectId: "p",
    sdkType: "modal-kit",
    sdkVersion: "1",
  });
  return createWalletListStore({ client, chains: ["eip155:31337"], ...options });
}

describe("wallet list paging", () => {
  it("loads pages of 40 until the count is reached, then stops asking", async () => {
    const list = store();
    await list.loadNextPage();
    expect(list.getState()).toMatchObject({ page: 1, count: 95 });
    expect(list.getState().wallets).toHaveLength(40);
    await list.loadNextPage();
    await list.loadNextPage();
    expect(list.getState().wallets).toHaveLength(95);
    expect(list.getState().wallets.at(-1)?.id).toBe("id-94");
    const requests = server.requests.length;
    await list.loadNextPage();
    expect(server.requests.length).toBe(requests);
    expect(server.requests.at(-1)?.searchParams.get("entries")).toBe("40");
  });

  it("shows the featured wallets in the host's order and 4 recommended ones besides them", async () => {
    const list = store({ featuredIds: ["id-7", "id-3"], excludeIds: ["id-0"] });
    await list.loadFeaturedAndRecommended();
    expect(list.getState().featured.map((wallet) => wallet.id)).toEqual(["id-7", "id-3"]);
    expect(list.getState().recommended.map((wallet) => wallet.id)).toEqual(["id-1", "id-2", "id-4", "id-5"]);
  });
});

describe("wallet search", () => {
  it("asks the server once, 300 ms after the last keystroke, for up to 100 entries", async () => {
    const list = store();
    const before = server.requests.length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      list.setSearch("l");
      list.setSearch("le");
      list.setSearch("led");
      vi.advanceTimersByTime(299);
      expect(server.requests.length).toBe(before);
      expect(list.getState().searching).toBe(true);
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    await list.searchSettled();
    const searches = server.requests.slice(before);
    expect(searches.map((url) => [url.searchParams.get("search"), url.searchParams.get("entries")])).toEqual([
      ["led", "100"],
    ]);
    expect(list.getState().searchResults?.map((wallet) => wallet.name)).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((index) => `Ledger Edition ${index}`),
    );
    expect(list.getState().searching).toBe(false);
  });

  it("clears the results when the search is emptied", async () => {
    const list = store();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      list.setSearch("wallet 9");
      vi.advanceTimersByTime(300);
    } finally {
      vi.useRealTimers();
    }
    await list.searchSettled();
    expect(list.getState().searchResults?.length).toBeGreaterThan(0);
    list.setSearch("  ");
    expect(list.getState()).toMatchObject({ search: "", searchResults: undefined, searching: false });
  });
});
