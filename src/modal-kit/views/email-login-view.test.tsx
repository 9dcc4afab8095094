// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { http } from "viem";
import { mainnet } from "viem/chains";
import { describe, expect, it } from "vitest";
import { createConfig, WagmiProvider } from "wagmi";
import { injected } from "wagmi/connectors";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createModalKit } from "../kit/create-modal-kit.ts";
import { KitContext } from "../modal/kit-context.ts";
import { createToastStore } from "../toast/toast-store.ts";
import { EmailLoginView } from "./email-login-view.tsx";

const dom = setUpDomRoot();

// A kit whose wagmi config has a browser wallet but not the e-mail wallet's connector (it went away).
const wagmi = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  multiInjectedProviderDiscovery: false,
  transports: { [mainnet.id]: http("http://127.0.0.1:9") },
});

describe("e-mail login without the e-mail wallet's connector", () => {
  it("says 'No auth connector found' and offers no code field", async () => {
    const kit = createModalKit({
      networks: [mainnet],
      metadata: { name: "Test", description: "Test", url: "https://stake.example", icons: [] },
    });
    await act(async () =>
      dom.render(
        <WagmiProvider config={wagmi}>
          <QueryClientProvider client={new QueryClient()}>
            <KitContext.Provider value={{ kit, catalogue: undefined, toasts: createToastStore() }}>
              <EmailLoginView data={{ email: "ana@example.com" }} />
            </KitContext.Provider>
          </QueryClientProvider>
        </WagmiProvider>,
      ),
    );
    expect(dom.container().querySelector("[role=alert]")?.textContent).toBe("No auth connector found");
    expect(dom.container().querySelector("input")).toBeNull();
  });
});
