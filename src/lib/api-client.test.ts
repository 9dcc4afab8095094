import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiResponseError, ApiUnreachableError } from "../core/app-error.ts";
import { getJson, postJson } from "./api-client.ts";

let server: Server;
let base: string;
const received: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on("end", () => {
      received.push({
        method: request.method,
        type: request.headers["content-type"],
        body: JSON.parse(text || "null"),
      });
      if (request.url?.startsWith("/query"))
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: request.url }));
      else if (request.url === "/ok")
        response.writeHead(201, { "content-type": "application/json" }).end('{"id":"m1"}');
      else if (request.url === "/empty") response.writeHead(204).end();
      else
        response
          .writeHead(422, { "content-type": "application/json" })
          .end('{"code":"INVALID","message":"name is required","field":"name"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postJson", () => {
  it("sends JSON and returns the parsed answer, or null for an empty one", async () => {
    expect(await postJson(`${base}/ok`, { a: 1 })).toEqual({ id: "m1" });
    expect(await postJson(`${base}/empty`, { b: 2 })).toBeNull();
    expect(received.slice(0, 2)).toEqual([
      { method: "POST", type: "application/json", body: { a: 1 } },
      { method: "POST", type: "application/json", body: { b: 2 } },
    ]);
  });

  it("rejects with the status, code and field of an error answer", async () => {
    const error = await postJson(`${base}/bad`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ status: 422, code: "INVALID", field: "name", shortMessage: "errors.status" });
    expect((error as ApiResponseError).values).toEqual({ status: 422 });
  });

  it("rejects with ApiUnreachableError when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await postJson(`http://127.0.0.1:${port}/contact`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as ApiUnreachableError).shortMessage).toBe("errors.network");
  });
});

describe("getJson", () => {
  it("sends the query without undefined values and returns the parsed answer", async () => {
    expect(await getJson(`${base}/query`, { owner: "0xAb", page: 2, type: undefined })).toEqual({
      url: "/query?owner=0xAb&page=2",
    });
  });

  it("rejects with the status, code and field of an error answer", async () => {
    const error = await getJson(`${base}/bad`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, code: "INVALID", field: "name" });
  });
});
