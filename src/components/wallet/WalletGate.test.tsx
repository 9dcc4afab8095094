// @vitest-environment jsdom
import { act } from "react";
import { defineChain } from "viem";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import { createModalKit, type ModalKit } from "../../modal-kit/index.ts";
import { WalletGate } from "./WalletGate.tsx";
import { WalletKitProvider } from "./wallet-access.tsx";

const dom = setUpDomRoot();
const devnet = defineChain({
  id: 31337,
  name: "Ethereum Devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
});
const chain = { id: 31337, name: "Ethereum Devnet", symbol: "ETH" };
const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The app's real modal kit; its wagmi config stays unloaded here (the modal's code is not started). */
function kit(): ModalKit {
  const created = createModalKit({
    networks: [devnet],
    metadata: { name: "Meridian", description: "Staking", url: "https://meridian.example", icons: [] },
  });
  return { ...created, loadWagmiConfig: () => new Promise(() => {}) };
}

function renderGate(modalKit: ModalKit, keepChildrenOnWrongChain = false) {
  dom.render(
    <WalletKitProvider kit={modalKit}>
      <WalletGate
        chain={chain}
        connectText="Connect the owner's wallet to claim."
        wrongChainText="Your wallet is on another network. Switch to Ethereum Devnet to claim."
        keepChildrenOnWrongChain={keepChildrenOnWrongChain}
      >
        {({ account, onChain }) => <p data-testid="inside">{`${account} ${onChain ? "on" : "off"} chain`}</p>}
      </WalletGate>
    </WalletKitProvider>,
  );
}

const inside = () => dom.container().querySelector("[data-testid='inside']")?.textContent;
const buttons = () => [...dom.container().querySelectorAll("button")].map((button) => button.textContent);

describe("WalletGate", () => {
  it("asks to connect without a wallet, and its button opens the wallet modal", async () => {
    const modalKit = kit();
    renderGate(modalKit);
    expect(dom.container().textContent).toContain("Connect the owner's wallet to claim.");
    expect(buttons()).toEqual(["Connect wallet"]);
    expect(inside()).toBeUndefined();
    await act(async () => dom.container().querySelector("button")?.click());
    expect(modalKit.store.getState().open).toBe(true);
  });

  it("offers the switch instead of the screen when the wallet is on another chain", async () => {
    const modalKit = kit();
    renderGate(modalKit);
    await act(async () =>
      modalKit.connection.setState({ isConnected: true, address: owner, chainId: 71, namespace: "eip155" }),
    );
    const alert = dom.container().querySelector("[role='alert']");
    expect(alert?.textContent).toContain("Your wallet is on another network. Switch to Ethereum Devnet to claim.");
    expect(buttons()).toEqual(["Switch to Ethereum Devnet"]);
    expect(inside()).toBeUndefined();
  });

  it("keeps a form under the switch when asked, telling it the chain is wrong", async () => {
    const modalKit = kit();
    renderGate(modalKit, true);
    await act(async () =>
      modalKit.connection.setState({ isConnected: true, address: owner, chainId: 71, namespace: "eip155" }),
    );
    expect(buttons()).toEqual(["Switch to Ethereum Devnet"]);
    expect(inside()).toBe(`${owner} off chain`);
  });

  it("shows the screen with the connected account on the right chain", async () => {
    const modalKit = kit();
    renderGate(modalKit);
    await act(async () =>
      modalKit.connection.setState({ isConnected: true, address: owner, chainId: 31337, namespace: "eip155" }),
    );
    expect(inside()).toBe(`${owner} on chain`);
    expect(buttons()).toEqual([]);
  });
});
