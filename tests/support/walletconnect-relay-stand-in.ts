import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

export interface RelayStandIn {
  readonly url: string;
  /** JSON-RPC methods the WalletConnect client sent, in order. */
  readonly methods: string[];
  close(): Promise<void>;
}

/**
 * Stands in for the WalletConnect relay, the one boundary that cannot exist offline: a loopback WebSocket
 * server that acknowledges the relay's JSON-RPC calls (subscribe, publish, fetch) without delivering any
 * message, so the real client creates a pairing and shows its URI, and no wallet ever answers.
 */
export async function startRelayStandIn(): Promise<RelayStandIn> {
  const methods: string[] = [];
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket) => {
    socket.on("message", (raw) => {
      const request = JSON.parse(String(raw)) as { id?: number; method?: string; params?: { topics?: string[] } };
      if (request.id === undefined || !request.method) return;
      methods.push(request.method);
      const method = request.method;
      const result = method.endsWith("_subscribe")
        ? randomBytes(32).toString("hex")
        : method.endsWith("_batchSubscribe")
          ? (request.params?.topics ?? []).map(() => randomBytes(32).toString("hex"))
          : method.endsWith("_batchFetchMessages")
            ? { messages: [], hasMore: false }
            : true;
      socket.send(JSON.stringify({ id: request.id, jsonrpc: "2.0", result }));
    });
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
