import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { createCatalogueClient } from "./catalogue-client.ts";
import {
  createWalletCatalogue,
  featuredWalletsQueryOptions,
  type WalletCatalogueOptions,
  walletPagesQueryOptions,
  walletSearchQueryOptions,
  walletsOfPages,
} from "./wallet-catalogue.ts";
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

function catalogue(options: Partial<WalletCatalogueOptions> = {}) {
  const client = createCatalogueClient({
    baseUrl: server.baseUrl,
    projectId: "p",
    sdkType: "modal-kit",
    sdkVersion: "1",
  });
  return createWalletCatalogue({ client, chains: ["eip155:31337"], ...options });
}

describe("wallet list paging", () => {
  it("loads pages of 40 until the count is reached, then stops asking", async () => {
    const queryClient = new QueryClient();
    const observer = new InfiniteQueryObserver(queryClient, walletPagesQueryOptions(catalogue()));
    const unsubscribe = observer.subscribe(() => {});
    try {
      await observer.refetch();
      expect(walletsOfPages(observer.getCurrentResult().data?.pages)).toHaveLength(40);
      expect(observer.getCurrentResult().data?.pages[0]?.count).toBe(95);
      await observer.fetchNextPage();
      await observer.fetchNextPage();
      const loaded = walletsOfPages(observer.getCurrentResult().data?.pages);
      expect(loaded).toHaveLength(95);
      expect(loaded.at(-1)?.id).toBe("id-94");
      expect(observer.getCurrentResult().hasNextPage).toBe(false);
      expect(server.requests.at(-1)?.searchParams.get("entries")).toBe("40");
      expect(server.requests.at(-1)?.searchParams.get("page")).toBe("3");
      expect(server.requests.at(-1)?.searchParams.get("chains")).toBe("eip155:31337");
    } finally {
      unsubscribe();
    }
  });

  it("shows the featured wallets in the host's order and 4 recommended ones besides them", async () => {
    const queryClient = new QueryClient();
    const { featured, recommended } = await queryClient.fetchQuery(
      featuredWalletsQueryOptions(catalogue({ featuredIds: ["id-7", "id-3"], excludeIds: ["id-0"] })),
    );
    expect(featured.map((wallet) => wallet.id)).toEqual(["id-7", "id-3"]);
    expect(recommended.map((wallet) => wallet.id)).toEqual(["id-1", "id-2", "id-4", "id-5"]);
  });
});

describe("wallet search", () => {
  it("asks for up to 100 entries matching the term, and nothing for an empty term", async () => {
    const queryClient = new QueryClient();
    const list = catalogue();
    const before = server.requests.length;
    const found = await queryClient.fetchQuery(walletSearchQueryOptions(list, "led"));
    expect(found.map((wallet) => wallet.name)).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((index) => `Ledger Edition ${index}`),
    );
    expect(
      server.requests.slice(before).map((url) => [url.searchParams.get("search"), url.searchParams.get("entries")]),
    ).toEqual([["led", "100"]]);
    expect(walletSearchQueryOptions(list, "").queryKey).toEqual(["modal-kit", "catalogue", "search", ""]);
    expect(typeof walletSearchQueryOptions(list, "").queryFn).not.toBe("function");
  });

  it("fills the images of what it loaded", async () => {
    const list = catalogue();
    await new QueryClient().fetchQuery(walletSearchQueryOptions(list, "wallet 9"));
    await expect.poll(() => list.images.getState()["id-9"]).toBe("https://wallets.example/9.png");
  });
});
