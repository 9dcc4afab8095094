import { describe, expect, it } from "vitest";
import type { KitConnector } from "./kit-connector.ts";
import { mergeConnectors } from "./merge-connectors.ts";

const metaMask: KitConnector = {
  id: "io.metamask",
  name: "MetaMask",
  type: "ANNOUNCED",
  chain: "eip155",
  info: { rdns: "io.metamask" },
};

describe("mergeConnectors", () => {
  it("lists a wallet once when it is announced and also the generic injected provider", () => {
    const injected: KitConnector = {
      id: "injected",
      name: "MetaMask",
      type: "INJECTED",
      chain: "eip155",
      info: { rdns: "io.metamask" },
    };
    expect(mergeConnectors([metaMask, injected]).map((c) => c.id)).toEqual(["io.metamask"]);
  });

  it("lists a connector once when the same id is reported twice", () => {
    expect(mergeConnectors([metaMask, { ...metaMask, info: {} }])).toHaveLength(1);
  });

  it("drops a second connector of the same name on the same chain", () => {
    const other: KitConnector = { id: "injected", name: "MetaMask", type: "INJECTED", chain: "eip155" };
    expect(mergeConnectors([metaMask, other]).map((c) => c.id)).toEqual(["io.metamask"]);
  });

  it("merges the same wallet on several chains into one multi-chain entry", () => {
    const phantomEvm: KitConnector = {
      id: "app.phantom",
      name: "Phantom",
      type: "ANNOUNCED",
      chain: "eip155",
      info: { rdns: "app.phantom" },
    };
    const phantomSolana: KitConnector = {
      id: "phantom-solana",
      name: "Phantom",
      type: "ANNOUNCED",
      chain: "solana",
      imageUrl: "https://example.org/p.png",
    };
    const [entry, ...rest] = mergeConnectors([phantomEvm, metaMask, phantomSolana]);
    expect(rest.map((c) => c.name)).toEqual(["MetaMask"]);
    expect(entry).toMatchObject({
      id: "app.phantom",
      name: "Phantom",
      type: "MULTI_CHAIN",
      imageUrl: "https://example.org/p.png",
    });
    expect(entry?.connectors?.map((c) => c.chain)).toEqual(["eip155", "solana"]);
  });

  it('shows "Trust Wallet" as "Trust" and merges it with the catalogue name', () => {
    const announced: KitConnector = {
      id: "com.trustwallet.app",
      name: "Trust Wallet",
      type: "ANNOUNCED",
      chain: "eip155",
    };
    const solana: KitConnector = { id: "trust-solana", name: "Trust", type: "ANNOUNCED", chain: "solana" };
    const merged = mergeConnectors([announced, solana]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ name: "Trust", type: "MULTI_CHAIN" });
  });

  it("keeps the auth connector a single AUTH entry on eip155", () => {
    const auth: KitConnector = { id: "auth", name: "Email", type: "AUTH", chain: "solana" };
    const merged = mergeConnectors([auth, { ...auth, id: "auth-2", chain: "eip155" }]);
    expect(merged).toEqual([{ ...auth, chain: "eip155" }]);
  });
});
