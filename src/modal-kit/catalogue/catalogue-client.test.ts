import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogueServer, startCatalogueServer } from "../../../tests/support/catalogue-server.ts";
import { walletCatalogue } from "../../core/wallet-catalogue/wallet-catalogue.ts";
import { HttpStatusError } from "../errors/kit-error.ts";
import { createCatalogueClient } from "./catalogue-client.ts";
import { fallbackWalletIcon } from "./fallback-icon.ts";
import { installedFirst } from "./installed-first.ts";
import { prefetchWalletImages } from "./prefetch-images.ts";
import { decodeGetWalletsResponse } from "./wallet-listing.ts";

const catalogue = decodeGetWalletsResponse({ data: walletCatalogue, count: walletCatalogue.length }).data;
const METAMASK = "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96";
const RABBY = "18388be9ac2d02726dbac9777c96efaac06d744b2f6d580fccdd4127a6d01fd1";
const PHANTOM = "a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393";

let server: CatalogueServer;
const client = () =>
  createCatalogueClient({
    baseUrl: server.baseUrl,
    projectId: "test-project",
    sdkType: "modal-kit",
    sdkVersion: "1.7.3",
  });

beforeAll(async () => {
  server = await startCatalogueServer(catalogue, { hangingImages: [RABBY], missingImages: [PHANTOM] });
});
afterAll(() => server.close());

describe("catalogue client against a real server", () => {
  it("sends projectId, st, sv, paging and filters and returns data and count", async () => {
    const result = await client().getWallets({
      page: 1,
      entries: 40,
      exclude: [METAMASK],
      chains: ["eip155:560048", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      badgeType: "certified",
    });
    const request = server.requests.at(-1);
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      projectId: "test-project",
      st: "modal-kit",
      sv: "1.7.3",
      page: "1",
      entries: "40",
      exclude: METAMASK,
      chains: "eip155:560048,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      badge_type: "certified",
    });
    expect(result.data.map((wallet) => wallet.name)).toEqual([
      "Trust",
      "Coinbase Wallet",
      "Rainbow",
      "OKX Wallet",
      "Zerion",
      "Ledger Live",
    ]);
    expect(result.count).toBe(6);
  });

  it("finds wallets by a case-insensitive part of their name", async () => {
    const { data } = await client().getWallets({ page: 1, entries: 100, search: "wal" });
    expect(data.map((wallet) => wallet.name)).toEqual(["Coinbase Wallet", "OKX Wallet", "Uniswap Wallet"]);
  });

  it("throws 'HTTP status code: {n}' with the response for a non-OK answer", async () => {
    const broken = createCatalogueClient({
      baseUrl: server.baseUrl,
      projectId: "",
      sdkType: "modal-kit",
      sdkVersion: "1",
    });
    const error = await broken.getWallets({ page: 1, entries: 4 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).message).toBe("HTTP status code: 400");
    expect(((error as HttpStatusError).cause as Response).status).toBe(400);
  });
});

describe("wallet images", () => {
  it("prefetches images and falls back to a generated icon on timeout or error", async () => {
    const wallets = catalogue.filter((wallet) => [METAMASK, RABBY, PHANTOM].includes(wallet.id));
    const images = await prefetchWalletImages(client(), wallets, 300);
    expect(images.get(METAMASK)).toMatch(/^blob:/);
    expect(images.get(RABBY)).toBe(fallbackWalletIcon("Rabby"));
    expect(images.get(PHANTOM)).toBe(fallbackWalletIcon("Phantom"));
    const metaMaskImage = await fetch(images.get(METAMASK) ?? "").then((response) => response.blob());
    expect(metaMaskImage.type).toBe("image/png");
  });

  it("uses a listing's own image only over https, and the catalogue's image otherwise", async () => {
    const wallets = [
      { id: "https-image", name: "Https Wallet", image_url: "https://images.wallet.example/w.png" },
      { id: "script-image", name: "Script Wallet", image_url: "javascript:alert(1)", image_id: METAMASK },
      { id: "plain-image", name: "Plain Wallet", image_url: "http://images.wallet.example/w.png" },
    ];
    const images = await prefetchWalletImages(client(), wallets);
    expect(images.get("https-image")).toBe("https://images.wallet.example/w.png");
    expect(images.get("script-image")).toMatch(/^blob:/);
    expect(images.get("plain-image")).toBe(fallbackWalletIcon("Plain Wallet"));
  });

  it("prefetches only the first 20 wallets of a page", async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      id: `w${index}`,
      name: `Wallet ${index}`,
      image_id: `w${index}`,
    }));
    const before = server.requests.length;
    const images = await prefetchWalletImages(client(), many);
    expect(images.size).toBe(20);
    expect(server.requests.length - before).toBe(20);
  });

  it("gives each name a stable icon with its initial", () => {
    expect(fallbackWalletIcon("Zerion")).toBe(fallbackWalletIcon("Zerion"));
    expect(decodeURIComponent(fallbackWalletIcon("<zap>"))).toContain("&lt;</text>");
  });
});

describe("installedFirst", () => {
  it("puts wallets installed in this browser first and keeps the catalogue order otherwise", () => {
    const sorted = installedFirst(catalogue.slice(0, 6), { rdns: new Set(["io.rabby", "com.okex.wallet"]) });
    expect(sorted.map((wallet) => wallet.name)).toEqual([
      "Rabby",
      "OKX Wallet",
      "MetaMask",
      "Trust",
      "Coinbase Wallet",
      "Rainbow",
    ]);
  });
});
