// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { http } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createModalKit } from "../kit/create-modal-kit.ts";
import { createToastStore } from "../toast/toast-store.ts";
import { KitContext } from "./kit-context.ts";
import { ModalDialog } from "./modal-dialog.tsx";

/** A blockchain API (real HTTP server) that refuses this origin's analytics events with 403. */
const dom = setUpDomRoot();
let refusals = 0;
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (path === "/appkit/v1/config") json(200, { features: {} });
    else if (path === "/projects/v1/origins") json(200, { allowedOrigins: [] });
    else if (path === "/getAnalyticsConfig") json(200, { isAnalyticsEnabled: true });
    else if (path === "/e" && request.method === "POST") {
      request.resume();
      request.on("end", () => {
        refusals += 1;
        json(403, { code: "forbidden", message: "origin not allowed" });
      });
    } else json(404, { code: "not_found", message: "no such path" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const wagmi = createConfig({
  chains: [mainnet],
  connectors: [],
  multiInjectedProviderDiscovery: false,
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
});

async function openModal(debug: boolean) {
  const kit = createModalKit({
    networks: [mainnet],
    metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
    blockchainApiUrl: base,
    debug,
  });
  await kit.features.load();
  const before = refusals;
  kit.open();
  await act(async () =>
    dom.render(
      <WagmiProvider config={wagmi}>
        <QueryClientProvider client={new QueryClient()}>
          <KitContext.Provider value={{ kit, catalogue: undefined, toasts: createToastStore() }}>
            <ModalDialog />
          </KitContext.Provider>
        </QueryClientProvider>
      </WagmiProvider>,
    ),
  );
  await act(() => vi.waitFor(() => expect(refusals).toBeGreaterThan(before)));
  // Closing and opening again sends nothing more once refused, and the alert stays single.
  await act(async () => {
    kit.close();
    kit.open();
  });
  return kit;
}

const alertTexts = () => Array.from(document.querySelectorAll(".mk-dialog [role=alert]"), (node) => node.textContent);

describe("Invalid App Configuration alert (analytics 403)", () => {
  it("shows 'Invalid App Configuration' once when debug is on", async () => {
    const kit = await openModal(true);
    await act(() => vi.waitFor(() => expect(alertTexts()).toEqual(["Invalid App Configuration"])));
    expect(kit.features.getState().alerts).toEqual(["invalidAppConfig"]);
  });

  it("shows nothing when debug is off", async () => {
    const kit = await openModal(false);
    // The refusal has arrived (openModal waited for it); give the rejection handler a turn to run.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(kit.features.getState().alerts).toEqual([]);
    expect(alertTexts()).toEqual([]);
  });
});
