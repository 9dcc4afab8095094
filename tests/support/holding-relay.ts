import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** One JSON-RPC request the relay saw: the first path segment names the client (each instance has its own). */
export interface RelayedCall {
  readonly client: string;
  readonly method: string;
}

/**
 * A loopback JSON-RPC relay in front of a node, for tests with several server instances: each instance is given
 * `${url}/<name>` as its upstream, so the relay knows who asked what; and it can hold the next request of a
 * method unanswered, to catch an instance in the middle of its work, until released.
 */
export interface HoldingRelay {
  readonly url: string;
  readonly calls: RelayedCall[];
  /**
   * Resolves with the client of the next request of `method` (with `firstParam` as its first parameter, when
   * given), which is held unanswered until `release`.
   */
  holdNext(method: string, firstParam?: unknown): Promise<string>;
  /** Forwards the held request and answers it. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingRelay(upstream: string): Promise<HoldingRelay> {
  const calls: RelayedCall[] = [];
  let hold: { method: string; firstParam?: unknown; resolve: (client: string) => void } | undefined;
  let release = () => {};
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const client = (request.url ?? "/").split("/")[1] ?? "";
    type Call = { method: string; params?: unknown[] };
    const parsed = JSON.parse(body) as Call | Call[];
    const requested = Array.isArray(parsed) ? parsed : [parsed];
    for (const { method } of requested) calls.push({ client, method });
    const held = (call: Call) =>
      call.method === hold?.method && (hold.firstParam === undefined || call.params?.[0] === hold.firstParam);
    if (hold && requested.some(held)) {
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold.resolve(client);
      hold = undefined;
      await released; // meanwhile the caller stays in the middle of what it was doing
    }
    const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(await answer.text());
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("relay has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    holdNext: (method, firstParam) =>
      new Promise<string>((resolve) => {
        hold = { method, firstParam, resolve };
      }),
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
