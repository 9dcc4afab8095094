import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/** GET blockchain-api/getAnalyticsConfig: networks/app.json's walletKit.analyticsEnabled, or a server's override. */
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
let storage: Storage;
let standard: FastifyInstance;
let analyticsOff: FastifyInstance;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet" });
  standard = await buildServer(config, storage, { logger: false });
  analyticsOff = await buildServer(config, storage, { logger: false, walletKitAnalyticsEnabled: false });
}, 60_000);
afterAll(async () => {
  await standard?.close();
  await analyticsOff?.close();
  await storage?.close();
});

const ask = (app: FastifyInstance, query: string) =>
  app.inject({ method: "GET", url: `/blockchain-api/getAnalyticsConfig?${query}` });

describe("GET getAnalyticsConfig", () => {
  it("says analytics are on, as networks/app.json has it", async () => {
    const response = await ask(standard, CLIENT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isAnalyticsEnabled: true });
  });

  it("says false when the app's config turns analytics off", async () => {
    expect((await ask(analyticsOff, CLIENT)).json()).toEqual({ isAnalyticsEnabled: false });
  });

  it("answers 400 naming projectId when it is missing or empty", async () => {
    for (const query of ["st=appkit&sv=1", "projectId=&st=appkit&sv=1"]) {
      const response = await ask(standard, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), field: "projectId" });
    }
  });

  it("is in the OpenAPI document with its answer", async () => {
    const document = (await standard.inject({ method: "GET", url: "/docs/json" })).json();
    const operation = document.paths["/blockchain-api/getAnalyticsConfig"]?.get;
    expect(operation?.responses["200"].content["application/json"].schema).toMatchObject({
      type: "object",
      required: ["isAnalyticsEnabled"],
      properties: { isAnalyticsEnabled: { type: "boolean" } },
    });
    expect(operation?.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(["projectId", "st", "sv"]),
    );
  });
});
