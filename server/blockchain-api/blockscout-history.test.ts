import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethereumMainnetChain, networksInHomeOrder } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import { blockscoutHistory } from "./blockscout-history.ts";
import type { ServedChain } from "./served-chain.ts";

/**
 * The Blockscout adapter against a local HTTP server answering Blockscout API v2 responses stored as fixtures
 * (fixtures/blockscout-*.json). The fixtures follow the fields of Blockscout's v2
 * GET /api/v2/addresses/{hash}/transactions answer (items, next_page_params, token_transfers with token and
 * total); they were written by hand, not captured from a live explorer: replace them with captured answers
 * when a machine with network access is at hand.
 */
const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
let server: Server;
let baseUrl: string;
const requests: string[] = [];

const mainnet = networksInHomeOrder
  .find((network) => network.slug === "ethereum")
  ?.environments?.find((environment) => environment.id === "mainnet");
if (!mainnet) throw new Error("networks/ethereum.json has no mainnet environment");
const chain: ServedChain = {
  caipNetworkId: "eip155:1",
  environment: mainnet,
  nativeCurrency: ethereumMainnetChain.nativeCurrency,
  client: undefined,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/failing/")) {
      response.writeHead(500).end("internal error");
      return;
    }
    if (url.pathname !== `/api/v2/addresses/${ACCOUNT}/transactions`) {
      response.writeHead(404).end();
      return;
    }
    const page = url.searchParams.get("block_number") === "21000050" ? 2 : 1;
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(fixture(`blockscout-transactions-page-${page}.json`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("activity from a Blockscout explorer", () => {
  it("maps native and ERC-20 transfers, failed transactions and directions into the kit's shape", async () => {
    const page = await blockscoutHistory(baseUrl, chain, ACCOUNT, undefined);
    expect(
      page.data.map((tx) => [tx.id.slice(0, 6), tx.metadata.operationType, tx.metadata.status, tx.transfers]),
    ).toEqual([
      [
        "0x5f1c",
        "receive",
        "confirmed",
        [
          {
            fungible_info: { name: "Ether", symbol: "ETH", icon: { url: "" } },
            direction: "in",
            sender: "0x28C6c06298d514Db089934071355E5743bf21d60",
            recipient: ACCOUNT,
            quantity: { numeric: "0.25" },
            value: 0,
            price: 0,
          },
        ],
      ],
      [
        "0x9a8b",
        "send",
        "confirmed",
        [
          {
            fungible_info: { name: "USD Coin", symbol: "USDC", icon: { url: "https://assets.example/usdc.png" } },
            direction: "out",
            // The token transfer's recipient, not the USDC contract the transaction called.
            sender: ACCOUNT,
            recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
            quantity: { numeric: "100" },
            value: 0,
            price: 0,
          },
        ],
      ],
      [
        "0x1111",
        "send",
        "failed",
        [
          {
            fungible_info: { name: "Ether", symbol: "ETH", icon: { url: "" } },
            direction: "out",
            sender: ACCOUNT,
            recipient: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
            quantity: { numeric: "1" },
            value: 0,
            price: 0,
          },
        ],
      ],
    ]);
    expect(page.data[0]?.metadata).toEqual({
      operationType: "receive",
      hash: "0x5f1c0e4d1f5cbd7d1a3a8c1a2d3e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e",
      minedAt: "2024-10-18T09:12:35.000000Z",
      sentFrom: "0x28C6c06298d514Db089934071355E5743bf21d60",
      sentTo: ACCOUNT,
      status: "confirmed",
      nonce: 4182,
      chain: "eip155:1",
    });
    expect(page.next).toEqual(expect.any(String));
  });

  it("pages with Blockscout's own paging parameters carried in the cursor; non-fungible transfers get nft_info", async () => {
    const first = await blockscoutHistory(baseUrl, chain, ACCOUNT, undefined);
    const second = await blockscoutHistory(baseUrl, chain, ACCOUNT, first.next ?? undefined);
    expect(requests.at(-1)).toContain("block_number=21000050");
    expect(requests.at(-1)).toContain("index=88");
    expect(requests.at(-1)).toContain("items_count=50");
    expect(second.next).toBeNull();
    expect(second.data.map((tx) => tx.transfers)).toEqual([
      [
        {
          fungible_info: { name: "Free Mint Pass", symbol: "FMP", icon: { url: "" } },
          nft_info: { flags: { is_spam: false } },
          direction: "in",
          sender: "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984",
          recipient: ACCOUNT,
          quantity: { numeric: "1" },
          value: 0,
          price: 0,
        },
      ],
    ]);
  });

  it("answers 502 with a retry hint when the explorer fails", async () => {
    const failing = baseUrl.replace("/api/v2", "/failing/api/v2");
    const failure = await blockscoutHistory(failing, chain, ACCOUNT, undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      statusCode: 502,
      code: "explorer_unavailable",
      message: "The explorer API answered HTTP 500; try again shortly",
      retryAfter: 10,
    });
  });
});
