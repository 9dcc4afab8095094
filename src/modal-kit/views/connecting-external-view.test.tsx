// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { http } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createCatalogueClient } from "../catalogue/catalogue-client.ts";
import { createWalletCatalogue, type WalletCatalogue, walletPagesQueryOptions } from "../catalogue/wallet-catalogue.ts";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { KitContext } from "../modal/kit-context.ts";
import type { ToastStore } from "../toast/toast-store.ts";
import { ConnectingExternalView } from "./connecting-external-view.tsx";

const dom = setUpDomRoot();

// A remote catalogue (any wallet list API the host points the kit at) with hostile links.
let catalogue: CatalogueServer;
let wallets: WalletCatalogue;
const queryClient = new QueryClient();
beforeAll(async () => {
  catalogue = await startCatalogueServer([
    {
      id: "hostile",
      name: "Hostile Wallet",
      webapp_link: "javascript:alert(document.cookie)",
      desktop_link: "data:text/html,<script>alert(1)</script>",
      mobile_link: "http://wallet.example/get",
    },
    {
      id: "mixed",
      name: "Mixed Wallet",
      webapp_link: "javascript:alert(1)",
      desktop_link: "evilapp://open",
      mobile_link: "rainbow://",
    },
  ]);
  wallets = createWalletCatalogue({
    client: createCatalogueClient({
      baseUrl: catalogue.baseUrl,
      projectId: "p",
      sdkType: "modal-kit",
      sdkVersion: "1",
    }),
  });
  // The All wallets view loaded the first page before the wallet was picked.
  await queryClient.fetchInfiniteQuery(walletPagesQueryOptions(wallets));
});
afterAll(async () => {
  await catalogue?.close();
});

const wagmi = createConfig({
  chains: [mainnet],
  connectors: [],
  multiInjectedProviderDiscovery: false,
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
});

function showRoute(data: { readonly walletId?: string; readonly connectorId?: string }) {
  dom.render(
    <WagmiProvider config={wagmi}>
      <QueryClientProvider client={queryClient}>
        <KitContext.Provider value={{ kit: {} as ModalKit, catalogue: wallets, toasts: {} as ToastStore }}>
          <ConnectingExternalView data={data} />
        </KitContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
}

const links = () => [...dom.container().querySelectorAll("a")].map((link) => link.getAttribute("href"));

describe("a catalogue wallet that is not installed", () => {
  it("offers no link at all when its links are javascript:, data: and http:", async () => {
    await act(async () => showRoute({ walletId: "hostile" }));
    expect(dom.container().textContent).toContain("Hostile Wallet is not installed in this browser");
    expect(links()).toEqual([]);
    expect(dom.container().textContent).not.toContain("Get Hostile Wallet");
  });

  it("skips a javascript: web link and an unapproved scheme, and offers the approved app link", async () => {
    await act(async () => showRoute({ walletId: "mixed" }));
    expect(links()).toEqual(["rainbow://"]);
    expect(dom.container().querySelector("a")?.textContent).toBe("Get Mixed Wallet");
  });
});

describe("a connector that went away", () => {
  it("says 'No connector found for connection: {id}' when the picked connector is no longer there", async () => {
    await act(async () => showRoute({ connectorId: "io.gone.wallet" }));
    expect(dom.container().querySelector("[role=alert]")?.textContent).toBe(
      "No connector found for connection: io.gone.wallet",
    );
    expect(links()).toEqual([]);
  });
});
