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
import { ViewErrorBoundary } from "./view-error-boundary.tsx";

/**
 * The modal with a blockchain API that allows only another origin (the unverified-domain alert) and stores
 * what the kit posts to /e, served by a real HTTP server.
 */
const dom = setUpDomRoot();
const posted: Record<string, unknown>[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const json = (status: number, body?: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(body === undefined ? "" : JSON.stringify(body));
    };
    if (path === "/appkit/v1/config") json(200, { features: { activity: false } });
    else if (path === "/projects/v1/origins") json(200, { allowedOrigins: ["https://stake.example"] });
    else if (path === "/getAnalyticsConfig") json(200, { isAnalyticsEnabled: true });
    else if (path === "/e" && request.method === "POST") {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => {
        posted.push(JSON.parse(text));
        json(204);
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

function Broken(): never {
  throw new Error("view exploded");
}

const newKit = () =>
  createModalKit({
    networks: [mainnet],
    metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
    blockchainApiUrl: base,
  });

describe("modal alerts and reports", () => {
  it("shows the unverified-domain alert when the page's origin is not on the server's list", async () => {
    const kit = newKit();
    await kit.features.load();
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
    const alert = document.querySelector(".mk-dialog [role=alert]");
    expect(alert?.textContent).toBe(
      "This site's domain is not on the wallet service's allowlist, so it may not be who it claims to be.",
    );
    expect(kit.features.getState().features.activity).toBe(false);
    // Opening the modal was reported.
    await vi.waitFor(() =>
      expect(posted.map((event) => (event.props as { event?: string }).event)).toContain("MODAL_OPEN"),
    );
    expect(posted[0]).toMatchObject({ url: location.href, domain: location.hostname });
  });

  it("reports a view that fails to render as INTERNAL_SDK_ERROR and shows its fallback", async () => {
    const kit = newKit();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () =>
      dom.render(
        <ViewErrorBoundary report={kit.analytics.reportError} fallback={<p>Something went wrong</p>}>
          <Broken />
        </ViewErrorBoundary>,
      ),
    );
    quiet.mockRestore();
    expect(dom.container().textContent).toBe("Something went wrong");
    await vi.waitFor(() =>
      expect(posted.map((event) => event.props)).toContainEqual(
        expect.objectContaining({ errorType: "INTERNAL_SDK_ERROR", errorMessage: "view exploded" }),
      ),
    );
  });
});
