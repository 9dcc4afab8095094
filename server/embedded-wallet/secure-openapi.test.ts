import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedWalletStack,
  startEmbeddedWalletStack,
  TEST_SECURE_ORIGIN,
} from "../../tests/support/embedded-wallet-stack.ts";

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: { required?: string[] } }> }>;
}
let stack: EmbeddedWalletStack;
let frameDir: string;
let document: { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  // A built frame, so the secure origin also registers its file route.
  frameDir = mkdtempSync(join(tmpdir(), "secure-frame-"));
  writeFileSync(join(frameDir, "index.html"), "<!doctype html><title>frame</title>");
  stack = await startEmbeddedWalletStack({ env: { SECURE_APP_DIR: frameDir } });
  const response = await stack.secure.inject({ method: "GET", url: "/embedded-wallet/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(frameDir, { recursive: true, force: true });
});

/**
 * Every route the secure origin's Fastify serves for `method`, read from its route tree (printRoutes). A path
 * under a prefix without a handler of its own prints without it ("/*" as "*"), so paths are rooted at "/".
 */
function registeredRoutes(tree: string, method: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[├└]── (\S+) \([A-Z, ]+\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const path = (prefixes[depth - 1] ?? "") + (match[2] as string);
    prefixes[depth] = path;
    routes.push({ method, path: path.startsWith("/") ? path : `/${path}` });
  }
  return routes;
}

describe("the secure origin's OpenAPI document", () => {
  it("is OpenAPI 3.1 at /embedded-wallet/openapi.json with SECURE_ORIGIN as its server", async () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: TEST_SECURE_ORIGIN, description: "SECURE_ORIGIN" }]);
    // The app's own document, which cannot list these routes, points at it.
    const main = (await stack.app.inject({ method: "GET", url: "/docs/json" })).json();
    expect(main.info.description).toContain(
      "The embedded wallet's API is on its secure origin, documented at http://127.0.0.1:48111/embedded-wallet/openapi.json.",
    );
  });

  it("documents every route the secure origin serves", () => {
    // HEAD mirrors GET; OPTIONS is CORS's preflight, not an operation of the API.
    const routes = ["GET", "POST", "PUT", "PATCH", "DELETE"].flatMap((method) =>
      registeredRoutes(stack.secure.printRoutes({ method, commonPrefix: false }), method),
    );
    expect(routes.length).toBe(19);
    expect(routes).toContainEqual({ method: "GET", path: "/embedded-wallet/wallet/share" });
    const undocumented = routes.filter(
      ({ method, path }) => !document.paths[path.replace("*", "{*}")]?.[method.toLowerCase()],
    );
    expect(undocumented).toEqual([]);
  });

  it("marks exactly the session routes as needing the bearer session, and each answers 401 no_session without one", async () => {
    const needingSession = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => "walletSession" in scheme))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(needingSession.sort()).toEqual([
      "GET /embedded-wallet/session",
      "GET /embedded-wallet/wallet/share",
      "POST /embedded-wallet/email/update",
      "POST /embedded-wallet/email/update/primary",
      "POST /embedded-wallet/email/update/secondary",
      "POST /embedded-wallet/sign-out",
      "POST /embedded-wallet/wallet/nonce",
      "PUT /embedded-wallet/wallet",
    ]);
    const bodies: Record<string, object> = {
      "POST /embedded-wallet/email/update": { newEmail: "new@example.org" },
      "POST /embedded-wallet/email/update/primary": { otp: "123456" },
      "POST /embedded-wallet/email/update/secondary": { otp: "123456" },
      "PUT /embedded-wallet/wallet": { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", serverShare: "1:ab" },
    };
    for (const operation of needingSession) {
      const [method, url] = operation.split(" ") as ["GET" | "POST" | "PUT", string];
      const response = await stack.secure.inject({
        method,
        url,
        headers: { authorization: `Bearer ${"0".repeat(64)}` },
        ...(bodies[operation] ? { payload: bodies[operation] } : {}),
      });
      expect({ operation, status: response.statusCode, code: response.json().code }).toEqual({
        operation,
        status: 401,
        code: "no_session",
      });
      const documented = document.paths[url]?.[method.toLowerCase()]?.responses["401"];
      expect(documented?.content?.["application/json"]?.schema.required).toEqual(["code", "message"]);
    }
  });

  it("documents the error body, { code, message, field? }, for a bad request body on every JSON operation", () => {
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          responses: operation.responses,
        })),
    );
    expect(withBody.length).toBe(9);
    for (const { operation, responses } of withBody)
      expect({ operation, schema: responses["400"]?.content?.["application/json"]?.schema.required }).toEqual({
        operation,
        schema: ["code", "message"],
      });
  });

  it("documents the social login's binding to the frame and the login e-mail limits", () => {
    const body = (path: string) => {
      const request = document.paths[path]?.post?.requestBody as
        | { content: Record<string, { schema: { required?: string[] } }> }
        | undefined;
      return request?.content["application/json"]?.schema.required;
    };
    expect(body("/embedded-wallet/social/start")).toEqual(["provider", "deviceId", "frameKeyHash"]);
    expect(body("/embedded-wallet/social/connect")).toEqual(["deviceId", "frameKey"]);
    const start = document.paths["/embedded-wallet/email/start"]?.post?.responses["429"]?.description ?? "";
    for (const code of ["email_throttled", "login_requester_throttled", "login_address_throttled"])
      expect(start).toContain(code);
  });

  it("answers a bad body as documented: 400 with the field at fault", async () => {
    const response = await stack.secure.inject({
      method: "POST",
      url: "/embedded-wallet/email/start",
      payload: { email: "not-an-address", deviceId: "device-openapi-0123456789" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid_request", field: "email" });
  });
});
