import { describe, expect, it } from "vitest";
import { type ConnectEntry, orderConnectEntries } from "./connect-order.ts";

const walletConnect: ConnectEntry = { section: "walletConnect", id: "walletConnect", name: "WalletConnect" };
const metaMaskInstalled: ConnectEntry = {
  section: "injected",
  id: "io.metamask",
  name: "MetaMask",
  rdns: "io.metamask",
};
const rabby: ConnectEntry = { section: "injected", id: "io.rabby", name: "Rabby", rdns: "io.rabby" };
const metaMaskFeatured: ConnectEntry = {
  section: "featured",
  id: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
  walletId: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
  name: "MetaMask",
  rdns: "io.metamask",
};
const trustRecommended: ConnectEntry = {
  section: "recommended",
  id: "4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0",
  name: "Trust",
};
const recentRabby: ConnectEntry = { section: "recent", id: "io.rabby", name: "Rabby", rdns: "io.rabby" };
const custom: ConnectEntry = { section: "custom", id: "devnet-wallet", name: "Devnet Wallet" };
const external: ConnectEntry = { section: "external", id: "coinbaseWalletSDK", name: "Coinbase Wallet" };

const sections = {
  recommended: [trustRecommended],
  featured: [metaMaskFeatured],
  injected: [metaMaskInstalled, rabby],
  external: [external],
  custom: [custom],
  recent: [recentRabby],
  walletConnect: [walletConnect],
};

describe("orderConnectEntries", () => {
  it("orders walletConnect, recent, injected, featured, custom, external, recommended by default", () => {
    expect(orderConnectEntries(sections).map((e) => `${e.section}:${e.name}`)).toEqual([
      "walletConnect:WalletConnect",
      "recent:Rabby",
      "injected:MetaMask",
      "custom:Devnet Wallet",
      "external:Coinbase Wallet",
      "recommended:Trust",
    ]);
  });

  it("shows an installed wallet once even when it is also featured", () => {
    const names = orderConnectEntries(sections).map((e) => e.name);
    expect(names.filter((name) => name === "MetaMask")).toHaveLength(1);
  });

  it("follows the host's order and appends the sections it leaves out", () => {
    const order = orderConnectEntries(sections, ["featured", "injected"]).map((e) => `${e.section}:${e.name}`);
    expect(order).toEqual([
      "featured:MetaMask",
      "injected:Rabby",
      "walletConnect:WalletConnect",
      "custom:Devnet Wallet",
      "external:Coinbase Wallet",
      "recommended:Trust",
    ]);
  });
});
