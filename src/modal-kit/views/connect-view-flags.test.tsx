// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { http } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { injected, mock } from "wagmi/connectors";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createCatalogueClient } from "../catalogue/catalogue-client.ts";
import { createWalletCatalogue, type WalletCatalogue } from "../catalogue/wallet-catalogue.ts";
import type { KitFeatures } from "../config/kit-options.ts";
import { createModalKit } from "../kit/create-modal-kit.ts";
import { KitContext } from "../modal/kit-context.ts";
import { createToastStore } from "../toast/toast-store.ts";
import { ConnectView } from "./connect-view.tsx";

/** The Connect view under the local flags: legal checkbox, All wallets, section order. */
const dom = setUpDomRoot();
let catalogue: CatalogueServer;
let wallets: WalletCatalogue;
beforeAll(async () => {
  // An empty catalogue: All wallets is offered, and no catalogue wallet joins the rows once it loads.
  catalogue = await startCatalogueServer([]);
  wallets = createWalletCatalogue({
    client: createCatalogueClient({
      baseUrl: catalogue.baseUrl,
      projectId: "p",
      sdkType: "modal-kit",
      sdkVersion: "1",
    }),
  });
});
afterAll(async () => {
  await catalogue?.close();
});

// An announced browser wallet (injected section) and an external connector (external section).
const wagmi = createConfig({
  chains: [mainnet],
  connectors: [
    injected({ target: { id: "io.example.alpha", name: "Alpha Wallet", provider: () => undefined } }),
    mock({ accounts: ["0x00000000000000000000000000000000000000aa"] }),
  ],
  multiInjectedProviderDiscovery: false,
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
});

function showConnect(features: KitFeatures) {
  const kit = createModalKit({
    networks: [mainnet],
    metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
    features,
  });
  dom.render(
    <WagmiProvider config={wagmi}>
      <QueryClientProvider client={new QueryClient()}>
        <KitContext.Provider value={{ kit, catalogue: wallets, toasts: createToastStore() }}>
          <ConnectView />
        </KitContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
  return kit;
}

const rows = () => [...dom.container().querySelectorAll<HTMLButtonElement>("button.mk-row")];
const rowNames = () => rows().map((row) => row.querySelector(".mk-row-name")?.textContent);

describe("Connect view flags", () => {
  it("lists installed wallets before external ones, then All wallets, with no checkbox by default", async () => {
    await act(async () => showConnect({}));
    expect(rowNames()).toEqual(["Alpha Wallet", "Mock Connector", "All wallets"]);
    expect(dom.container().querySelector("input[type=checkbox]")).toBeNull();
    expect(rows().every((row) => !row.disabled)).toBe(true);
  });

  it("follows connectorTypeOrder", async () => {
    await act(async () => showConnect({ connectorTypeOrder: ["external", "injected"] }));
    expect(rowNames()).toEqual(["Mock Connector", "Alpha Wallet", "All wallets"]);
  });

  it("has no All wallets entry when allWallets is off", async () => {
    await act(async () => showConnect({ allWallets: false }));
    expect(rowNames()).toEqual(["Alpha Wallet", "Mock Connector"]);
  });

  it("asks for the legal checkbox first when legalCheckbox is on", async () => {
    const kit = await act(async () => showConnect({ legalCheckbox: true }));
    const box = dom.container().querySelector<HTMLInputElement>("input[type=checkbox]");
    expect(box?.labels?.[0]?.textContent).toBe("I agree to this app's terms of service and privacy policy");
    expect(dom.container().textContent).toContain("Tick the box above to choose a wallet");
    expect(rows().map((row) => row.disabled)).toEqual([true, true, true]);
    await act(async () => rows()[2]?.click());
    expect(kit.store.getState().history.map((route) => route.view)).not.toContain("AllWallets");

    await act(async () => box?.click());
    expect(rows().map((row) => row.disabled)).toEqual([false, false, false]);
    expect(dom.container().textContent).not.toContain("Tick the box above");
    await act(async () => rows()[2]?.click());
    expect(kit.store.getState().history.at(-1)?.view).toBe("AllWallets");
  });
});
