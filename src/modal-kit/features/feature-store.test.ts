import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCategory } from "../analytics/analytics.ts";
import { createFeatureStore } from "./feature-store.ts";
import { createSettingsClient } from "./settings-client.ts";

/**
 * A real HTTP server stands in for the blockchain API; each test gives the answers of its own path prefix
 * (/t/<name>/appkit/v1/config, /t/<name>/projects/v1/origins).
 */
type Answer = { status: number; body?: unknown };
const answers = new Map<string, Answer>();
const queries: URLSearchParams[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    queries.push(url.searchParams);
    const answer = answers.get(url.pathname) ?? { status: 404, body: { code: "not_found", message: "no such path" } };
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function storeFor(name: string, config: Answer, origins: Answer, local = {}) {
  answers.set(`/t/${name}/appkit/v1/config`, config);
  answers.set(`/t/${name}/projects/v1/origins`, origins);
  const reports: { error: unknown; category: ErrorCategory }[] = [];
  const store = createFeatureStore({
    local,
    client: createSettingsClient({
      baseUrl: `${base}/t/${name}/`,
      projectId: "p1",
      sdkType: "modal-kit",
      sdkVersion: "9.9.9",
    }),
    pageOrigin: () => "https://stake.example",
    reportError: (error, category) => reports.push({ error, category }),
  });
  return { store, reports };
}

const served = {
  status: 200,
  body: {
    features: { swaps: false, onramp: false, email: false, socials: false, activity: false, reownBranding: false },
  },
};
const noOrigins = { status: 200, body: { allowedOrigins: [] } };

describe("remote flags and allowed origins (spec sections 7 and 8)", () => {
  it("merges the served flags over the host's and asks with projectId, st and sv", async () => {
    const { store, reports } = storeFor("merge", served, noOrigins, { activity: true, send: false });
    expect(store.getState().features.activity).toBe(true);
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    await store.load();
    expect(store.getState().features).toMatchObject({
      activity: false,
      socials: false,
      swaps: false,
      send: false,
      receive: true,
    });
    expect(store.getState().alerts).toEqual([]);
    expect(notified).toBeGreaterThan(0);
    expect(reports).toEqual([]);
    const asked = queries.at(-1);
    expect([asked?.get("projectId"), asked?.get("st"), asked?.get("sv")]).toEqual(["p1", "modal-kit", "9.9.9"]);
  });

  it("keeps the host's flags when the config cannot be read, and reports an API_ERROR", async () => {
    const { store, reports } = storeFor("config-down", { status: 502 }, noOrigins, { activity: false });
    await store.load();
    expect(store.getState().features.activity).toBe(false);
    expect(store.getState().features.swaps).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.category).toBe("API_ERROR");
    expect(String(reports[0]?.error)).toBe("HttpStatusError: HTTP status code: 502");
  });

  it("429 from the origins gives RATE_LIMITED and the rate-limited alert", async () => {
    const { store, reports } = storeFor("limited", served, {
      status: 429,
      body: { code: "rate_limited", message: "slow down" },
    });
    await store.load();
    expect(store.getState().alerts).toEqual(["appConfigRateLimited"]);
    expect(reports.map((report) => [report.category, (report.error as { code?: string }).code])).toEqual([
      ["API_ERROR", "RATE_LIMITED"],
    ]);
  });

  it.each([500, 503, 599])("%i from the origins gives SERVER_ERROR and the server-error alert", async (status) => {
    const { store, reports } = storeFor(`down-${status}`, served, { status });
    await store.load();
    expect(store.getState().alerts).toEqual(["appConfigServerError"]);
    expect(reports.map((report) => (report.error as { code?: string }).code)).toEqual(["SERVER_ERROR"]);
  });

  it.each([
    ["a 404", { status: 404 }],
    ["a 403", { status: 403 }],
    ["a body without the list", { status: 200, body: { origins: ["https://other.example"] } }],
  ])("%s from the origins counts as an empty list: no alert", async (_name, origins) => {
    const { store, reports } = storeFor(`empty-${_name.replace(/\W/g, "")}`, served, origins);
    await store.load();
    expect(store.getState().alerts).toEqual([]);
    expect(reports).toEqual([]);
  });

  it("an unreachable server counts as an empty list", async () => {
    const store = createFeatureStore({
      local: {},
      client: createSettingsClient({
        baseUrl: "http://127.0.0.1:1",
        projectId: "p1",
        sdkType: "modal-kit",
        sdkVersion: "1",
      }),
      pageOrigin: () => "https://stake.example",
      reportError: () => undefined,
    });
    await store.load();
    expect(store.getState().alerts).toEqual([]);
  });

  it("shows the unverified-domain alert when the page's origin is not on a non-empty list", async () => {
    const elsewhere = storeFor("elsewhere", served, {
      status: 200,
      body: { allowedOrigins: ["https://other.example"] },
    });
    await elsewhere.store.load();
    expect(elsewhere.store.getState().alerts).toEqual(["unverifiedDomain"]);
    const listed = storeFor("listed", served, {
      status: 200,
      body: { allowedOrigins: ["https://other.example", "https://stake.example"] },
    });
    await listed.store.load();
    expect(listed.store.getState().alerts).toEqual([]);
  });

  it("reads the settings once however often the modal loads", async () => {
    const { store } = storeFor("once", served, noOrigins);
    const before = queries.length;
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(queries.length - before).toBe(2);
  });
});
