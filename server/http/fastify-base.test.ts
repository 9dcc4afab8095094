import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../config/env.ts";
import { SharedCounter } from "../limits/shared-counter.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { ApiError } from "./api-error.ts";
import { buildBaseServer } from "./fastify-base.ts";

// The set-up both listeners (the API's and the secure origin's) are built on.
let storage: Storage;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
}, 60_000);
afterAll(async () => {
  await storage?.close();
});

const SMTP_PASSWORD = "sm7p-pa55word";

async function serverWithRoutes(lines: string[]) {
  const config = parseEnv({ LOG_LEVEL: "info", SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@mail.example.org:587` });
  const app = await buildBaseServer({
    config,
    bodyLimit: 64,
    counter: new SharedCounter(storage),
    logger: false,
    logStream: { write: (line) => lines.push(line) },
  });
  app.post("/echo", { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async (request) => request.body);
  app.get("/refused", async () => {
    throw new ApiError(409, "taken", "Already taken: choose another", "name");
  });
  app.get("/broken", async (request) => {
    request.log.info(`calling smtp://mailer:${SMTP_PASSWORD}@mail.example.org:587`);
    throw new Error("a bug");
  });
  await app.ready();
  return app;
}

describe("the Fastify set-up both listeners share", () => {
  it("answers errors as { code, message, field? } and limits routes across instances with 429 and Retry-After", async () => {
    const app = await serverWithRoutes([]);
    try {
      const refused = await app.inject({ method: "GET", url: "/refused" });
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { code: "taken", message: "Already taken: choose another", field: "name" },
      ]);
      const tooLarge = await app.inject({ method: "POST", url: "/echo", payload: { text: "x".repeat(100) } });
      expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, "body_too_large"]);
      const notJson = await app.inject({
        method: "POST",
        url: "/echo",
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect([notJson.statusCode, notJson.json().code]).toEqual([400, "invalid_json"]);
      const missing = await app.inject({ method: "GET", url: "/nowhere" });
      expect(missing.json()).toEqual({ code: "not_found", message: "There is no GET /nowhere" });
      // The limit counts in the database: a second server on it shares the count.
      const other = await serverWithRoutes([]);
      try {
        await other.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
        const limited = await other.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
        expect([limited.statusCode, limited.json().code, Number(limited.headers["retry-after"]) > 0]).toEqual([
          429,
          "rate_limited",
          true,
        ]);
      } finally {
        await other.close();
      }
    } finally {
      await app.close();
    }
  });

  it("answers an unexpected failure 500 internal_error, and logs it without secrets or the Authorization header", async () => {
    const lines: string[] = [];
    const app = await serverWithRoutes(lines);
    try {
      const broken = await app.inject({
        method: "GET",
        url: "/broken",
        headers: { authorization: "Bearer 0123456789abcdef0123456789abcdef" },
      });
      expect([broken.statusCode, broken.json().code]).toEqual([500, "internal_error"]);
    } finally {
      await app.close();
    }
    const written = lines.join("");
    expect(written).toContain("request failed");
    expect(written).toContain("calling [secret]");
    expect(written).not.toContain(SMTP_PASSWORD);
    expect(written).not.toContain("0123456789abcdef0123456789abcdef");
  });
});
