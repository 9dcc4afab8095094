import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletCatalogue } from "../../src/core/wallet-catalogue/wallet-catalogue.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { walletCatalogueRoutes } from "./wallet-catalogue.ts";

let app: FastifyInstance;
let storage: Storage;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", CORS_ORIGINS: "https://app.stake.test", RPC_UPSTREAM_POLICY: "replace" }),
    storage,
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const IDENTIFY = "projectId=self-hosted&st=modal-kit&sv=1.7.3";
const get = (query: string) => app.inject({ method: "GET", url: `/wallet-catalogue/getWallets?${query}` });
const names = (body: { data: { name: string }[] }) => body.data.map((wallet) => wallet.name);
const METAMASK = "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96";
const RABBY = "18388be9ac2d02726dbac9777c96efaac06d744b2f6d580fccdd4127a6d01fd1";

describe("GET /wallet-catalogue/getWallets", () => {
  it("pages the repository's catalogue: entries per page, 1-based pages, count over all pages", async () => {
    const first = await get(`${IDENTIFY}&page=1&entries=4`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: walletCatalogue.length });
    expect(names(first.json())).toEqual(["MetaMask", "Trust", "Coinbase Wallet", "Rainbow"]);
    expect(names((await get(`${IDENTIFY}&page=3&entries=4`)).json())).toEqual([
      "Ledger Live",
      "Safe",
      "Uniswap Wallet",
    ]);
    expect((await get(`${IDENTIFY}&page=4&entries=4`)).json()).toEqual({ data: [], count: walletCatalogue.length });
    // Without page and entries: the first page of 40, which holds the whole catalogue.
    expect((await get(IDENTIFY)).json().data).toHaveLength(walletCatalogue.length);
  });

  it("filters by include (in its order), exclude, chains namespace, search and badge", async () => {
    expect(names((await get(`${IDENTIFY}&entries=40&include=${RABBY},${METAMASK}`)).json())).toEqual([
      "Rabby",
      "MetaMask",
    ]);
    const withoutMetaMask = (await get(`${IDENTIFY}&entries=2&exclude=${METAMASK}`)).json();
    expect(names(withoutMetaMask)).toEqual(["Trust", "Coinbase Wallet"]);
    expect(withoutMetaMask.count).toBe(walletCatalogue.length - 1);
    expect(names((await get(`${IDENTIFY}&chains=polkadot:91b171bb158e2d3848fa23a9f1c25182`)).json())).toEqual([
      "Ledger Live",
    ]);
    expect(names((await get(`${IDENTIFY}&entries=100&search=WAL`)).json())).toEqual([
      "Coinbase Wallet",
      "OKX Wallet",
      "Uniswap Wallet",
    ]);
    const certified = (await get(`${IDENTIFY}&badge_type=certified&chains=eip155:560048`)).json();
    expect(certified.data.every((wallet: { badge_type: string }) => wallet.badge_type === "certified")).toBe(true);
    expect(certified.count).toBe(7);
  });

  it("answers 400 naming the field and what is expected", async () => {
    const cases: [string, object][] = [
      [
        "st=modal-kit&sv=1",
        {
          code: "missing_query",
          field: "projectId",
          message: "The query parameter projectId is required: expected a text of 1 to 100 characters",
        },
      ],
      [
        `${IDENTIFY}&entries=101`,
        {
          code: "invalid_query",
          field: "entries",
          message: 'entries="101" is invalid: expected a whole number from 1 to 100',
        },
      ],
      [
        `${IDENTIFY}&page=0`,
        { field: "page", message: 'page="0" is invalid: expected a whole number from 1 to 100000' },
      ],
      [
        `${IDENTIFY}&chains=ethereum`,
        {
          field: "chains",
          message:
            'chains="ethereum" is invalid: expected a comma-separated list of at most 200 CAIP-2 network ids such as "eip155:1"',
        },
      ],
      [`${IDENTIFY}&include=a b`, { field: "include" }],
      [`${IDENTIFY}&search=${"x".repeat(101)}`, { field: "search" }],
      [`${IDENTIFY}&page=1&page=2`, { field: "page" }],
    ];
    for (const [query, body] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject(body);
    }
  });

  it("lets the configured app origin read it across origins, and documents it in OpenAPI", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/wallet-catalogue/getWallets?${IDENTIFY}`,
      headers: { origin: "https://app.stake.test" },
    });
    expect(response.headers["access-control-allow-origin"]).toBe("https://app.stake.test");
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json();
    const parameters = document.paths["/wallet-catalogue/getWallets"].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters).toEqual(
      expect.arrayContaining([
        "projectId",
        "st",
        "sv",
        "page",
        "entries",
        "include",
        "exclude",
        "chains",
        "search",
        "badge_type",
      ]),
    );
  });
});

describe("GET /wallet-catalogue/getWalletImage/{id}", () => {
  it("serves an SVG icon for every catalogue image id and 404 for others", async () => {
    const image = await app.inject({ method: "GET", url: `/wallet-catalogue/getWalletImage/${RABBY}?${IDENTIFY}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/svg+xml");
    expect(image.body).toContain(">R</text>");
    const missing = await app.inject({ method: "GET", url: "/wallet-catalogue/getWalletImage/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found", field: "id" });
  });
});

describe("catalogue links", () => {
  it("never passes on a javascript:, data:, http: or unapproved-scheme link: it answers null", async () => {
    const server = Fastify({ logger: false });
    await server.register(walletCatalogueRoutes, {
      catalogue: [
        {
          id: "evil",
          name: "Evil Wallet",
          mobile_link: "evilapp://open",
          desktop_link: "data:text/html,<script>alert(1)</script>",
          webapp_link: "javascript:alert(document.cookie)",
          image_url: "http://images.evil.example/e.png",
        },
        { id: "good", name: "Good Wallet", mobile_link: "rainbow://", webapp_link: "https://wallet.example/app" },
      ],
    });
    const response = await server.inject(`/wallet-catalogue/getWallets?${IDENTIFY}`);
    await server.close();
    expect(response.json().data).toEqual([
      { id: "evil", name: "Evil Wallet", mobile_link: null, desktop_link: null, webapp_link: null, image_url: null },
      { id: "good", name: "Good Wallet", mobile_link: "rainbow://", webapp_link: "https://wallet.example/app" },
    ]);
  });
});
