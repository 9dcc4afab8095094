// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createCatalogueClient } from "../catalogue/catalogue-client.ts";
import { createWalletCatalogue, type WalletCatalogue } from "../catalogue/wallet-catalogue.ts";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import type { ToastStore } from "../toast/toast-store.ts";
import { KitContext } from "./kit-context.ts";
import { useWalletSearch } from "./use-catalogue.ts";

const dom = setUpDomRoot();
let server: CatalogueServer;
let catalogue: WalletCatalogue;
beforeAll(async () => {
  server = await startCatalogueServer(
    Array.from({ length: 30 }, (_, index) => ({
      id: `id-${index}`,
      name: index % 10 === 0 ? `Ledger Edition ${index}` : `Wallet ${index}`,
      chains: ["eip155"],
    })),
  );
  catalogue = createWalletCatalogue({
    client: createCatalogueClient({ baseUrl: server.baseUrl, projectId: "p", sdkType: "modal-kit", sdkVersion: "1" }),
  });
});
afterAll(() => server.close());

let search: ReturnType<typeof useWalletSearch>;
function Search({ text }: { readonly text: string }) {
  search = useWalletSearch(text);
  return null;
}

const queryClient = new QueryClient();
const type = (text: string) =>
  act(() =>
    dom.render(
      <QueryClientProvider client={queryClient}>
        <KitContext.Provider value={{ kit: {} as ModalKit, catalogue, toasts: {} as ToastStore }}>
          <Search text={text} />
        </KitContext.Provider>
      </QueryClientProvider>,
    ),
  );
const searches = () => server.requests.filter((url) => url.searchParams.has("search"));

describe("the All wallets search", () => {
  it("asks the server once, 300 ms after the last keystroke, for up to 100 entries", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await type("l");
      await type("le");
      await type("led ");
      await act(() => vi.advanceTimersByTime(299));
      expect(searches()).toEqual([]);
      expect(search).toMatchObject({ searching: true, results: undefined });
      await act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await expect
      .poll(() => search.results?.map((wallet) => wallet.name))
      .toEqual(["Ledger Edition 0", "Ledger Edition 10", "Ledger Edition 20"]);
    expect(searches().map((url) => [url.searchParams.get("search"), url.searchParams.get("entries")])).toEqual([
      ["led", "100"],
    ]);
    expect(search.searching).toBe(false);
  });

  it("clears the results when the search is emptied", async () => {
    await type("  ");
    expect(search).toEqual({ results: undefined, searching: false, error: null });
  });
});
