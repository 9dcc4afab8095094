import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJsonClient, parseErrorBody, type StatusFailure, urlWithQuery } from "./json-client.ts";

class StatusError extends Error {
  constructor(readonly failure: Omit<StatusFailure<Response>, "response">) {
    super(`status ${failure.status}`);
  }
}

class UnreachableError extends Error {
  constructor(
    readonly request: string,
    override readonly cause: unknown,
  ) {
    super(`unreachable: ${request}`);
  }
}

let server: Server;
let base: string;
const received: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      const path = request.url?.split("?")[0];
      if (path === "/json") response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      else if (path === "/empty") response.writeHead(204).end();
      else if (path === "/html") response.writeHead(200, { "content-type": "text/html" }).end("<p>hello</p>");
      else if (path === "/refused")
        response
          .writeHead(422, { "content-type": "application/json" })
          .end('{"code":"invalid_name","message":"name: too short","field":"name","retryAfterSeconds":30}');
      else if (path === "/broken") response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
      else if (path === "/slow") setTimeout(() => response.writeHead(200).end("{}"), 5_000).unref();
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = createJsonClient<AbortSignal, Response>({
  fetch: (url, init) => fetch(url, init),
  statusError: ({ response: _response, ...failure }) => new StatusError(failure),
  unreachableError: (request, cause) => new UnreachableError(request, cause),
  headers: () => ({ authorization: "Bearer t1" }),
});

describe("createJsonClient", () => {
  it("sends JSON with its query and headers and returns the parsed answer", async () => {
    received.length = 0;
    const answer = await client.json({
      method: "POST",
      url: urlWithQuery(`${base}/json`, { page: 2, search: "a b", cursor: undefined }),
      body: { name: "alice" },
      headers: { "x-extra": "1" },
    });
    expect(answer).toEqual({ ok: true });
    expect(received).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "/json?page=2&search=a+b",
        body: '{"name":"alice"}',
        headers: expect.objectContaining({
          "content-type": "application/json",
          accept: "application/json",
          authorization: "Bearer t1",
          "x-extra": "1",
        }),
      }),
    ]);
  });

  it("sends no body and no content type for a GET", async () => {
    received.length = 0;
    await client.json({ url: `${base}/json` });
    expect(received[0]?.method).toBe("GET");
    expect(received[0]?.body).toBe("");
    expect(received[0]?.headers["content-type"]).toBeUndefined();
  });

  it("answers null for an empty answer and for one that is not JSON", async () => {
    expect(await client.json({ url: `${base}/empty` })).toBeNull();
    expect(await client.json({ url: `${base}/html` })).toBeNull();
  });

  it("returns the unread answer from send, for bodies that are not JSON", async () => {
    const response = await client.send({ url: `${base}/html` });
    expect(await response.text()).toBe("<p>hello</p>");
  });

  it("throws the caller's error for a non-2xx status, with the body's code, message, field and retry delay", async () => {
    const error = await client.json({ method: "POST", url: `${base}/refused`, body: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).failure).toEqual({
      method: "POST",
      url: `${base}/refused`,
      status: 422,
      body: { code: "invalid_name", message: "name: too short", field: "name", retryAfterSeconds: 30 },
    });
    const send = await client.send({ url: `${base}/refused` }).catch((caught) => caught);
    expect((send as StatusError).failure.status).toBe(422);
  });

  it("throws the caller's error with an empty body for a refusal that is not JSON", async () => {
    const error = await client.json({ url: `${base}/broken` }).catch((caught) => caught);
    expect((error as StatusError).failure).toMatchObject({ status: 502, body: {} });
  });

  it("throws the caller's unreachable error when no answer arrives", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await client.json({ url: `http://127.0.0.1:${port}/x` }).catch((caught) => caught);
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as UnreachableError).request).toBe(`GET http://127.0.0.1:${port}/x`);
  });

  it("rethrows fetch's own error when the caller has no unreachable error", async () => {
    const failure = new TypeError("fetch failed");
    const bare = createJsonClient<AbortSignal, Response>({
      fetch: () => Promise.reject(failure),
      statusError: () => new Error("unexpected"),
    });
    await expect(bare.json({ url: `${base}/json` })).rejects.toBe(failure);
  });

  it("rethrows the abort of an aborted request, not the unreachable error", async () => {
    const controller = new AbortController();
    const pending = client.json({ url: `${base}/slow`, signal: controller.signal }).catch((caught) => caught);
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error).not.toBeInstanceOf(UnreachableError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("parseErrorBody", () => {
  it("keeps the fields with the expected types and nothing else", () => {
    expect(parseErrorBody({ code: "x", message: 3, field: null, retryAfterSeconds: "5", extra: 1 })).toEqual({
      code: "x",
    });
    expect(parseErrorBody("text")).toEqual({});
    expect(parseErrorBody(null)).toEqual({});
  });
});
