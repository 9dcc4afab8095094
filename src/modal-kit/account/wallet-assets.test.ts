import { describe, expect, it } from "vitest";
import { createAccountData } from "./account-data.ts";
import type { BlockchainApiClient } from "./blockchain-api-client.ts";
import { discoverWalletAssets } from "./wallet-asset-discovery.ts";
import { balancesFromWalletAssets, isValidWalletAssets } from "./wallet-assets.ts";

const usdc = {
  address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  balance: "0x5f5e100",
  type: "ERC20",
  metadata: { name: "USD Coin", symbol: "USDC", iconUrl: "https://example.org/usdc.png", decimals: 6, price: 1 },
};
const ether = {
  address: "native",
  balance: "0xde0b6b3a7640000",
  type: "NATIVE",
  metadata: { name: "Ether", symbol: "ETH", iconUrl: "", decimals: 18, price: 3000 },
};

describe("wallet asset response (spec section 5)", () => {
  it("is valid when every asset has string address and balance, type ERC20 or NATIVE and full metadata", () => {
    expect(isValidWalletAssets([usdc, ether])).toBe(true);
    expect(isValidWalletAssets([])).toBe(true);
  });

  it("is invalid when one asset breaks a rule", () => {
    const broken = [
      { ...usdc, type: "erc20" },
      { ...usdc, type: "ERC721" },
      { ...usdc, balance: 100_000_000 },
      { ...usdc, address: undefined },
      { ...usdc, metadata: { ...usdc.metadata, decimals: "6" } },
      { ...usdc, metadata: { ...usdc.metadata, price: undefined } },
      { ...usdc, metadata: { ...usdc.metadata, iconUrl: null } },
      { ...usdc, metadata: undefined },
    ];
    for (const asset of broken) expect(isValidWalletAssets([ether, asset])).toBe(false);
    expect(isValidWalletAssets({ 0: usdc })).toBe(false);
  });

  it("turns a valid answer into balances of the chain, 100 USDC and 1 ETH", () => {
    expect(balancesFromWalletAssets({ "0x1": [usdc, ether] }, "eip155:1")).toEqual([
      expect.objectContaining({
        symbol: "USDC",
        address: "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        quantity: { decimals: "6", numeric: "100" },
        value: 100,
      }),
      expect.objectContaining({ symbol: "ETH", quantity: { decimals: "18", numeric: "1" }, value: 3000 }),
    ]);
    expect(balancesFromWalletAssets({ "0x1": [usdc] }, "eip155:10")).toBeUndefined();
  });

  it("is used instead of the blockchain API when valid, and the API answers when it is not", async () => {
    let apiCalls = 0;
    const api = {
      balances: async () => {
        apiCalls += 1;
        return [];
      },
    } as unknown as BlockchainApiClient;
    const data = createAccountData(api);
    const fromWallet = await data.balances("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "eip155:1", {
      walletAssets: async () => ({ "0x1": [usdc] }),
    });
    expect(fromWallet.map((entry) => entry.symbol)).toEqual(["USDC"]);
    expect(apiCalls).toBe(0);
    await data.balances("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "eip155:1", {
      walletAssets: async () => ({ "0x1": [{ ...usdc, type: "erc20" }] }),
    });
    expect(apiCalls).toBe(1);
  });
});

describe("asset discovery", () => {
  it("asks wallet_getAssets only when the wallet's capabilities offer it on the chain", async () => {
    const asked: string[] = [];
    const provider = (supported: boolean) => ({
      request: async ({ method }: { method: string }) => {
        asked.push(method);
        return method === "wallet_getCapabilities" ? { "0x7a69": { assetDiscovery: { supported } } } : { "0x7a69": [] };
      },
    });
    expect(await discoverWalletAssets(provider(false), "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", 31337)).toBe(
      undefined,
    );
    expect(asked).toEqual(["wallet_getCapabilities"]);
    expect(await discoverWalletAssets(provider(true), "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", 31337)).toEqual({
      "0x7a69": [],
    });
    expect(asked).toEqual(["wallet_getCapabilities", "wallet_getCapabilities", "wallet_getAssets"]);
  });
});
