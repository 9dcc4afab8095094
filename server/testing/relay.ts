import { createServer, type Server } from "node:http";

/**
 * A loopback HTTP relay in front of an upstream node, for tests that must see what the proxy sends upstream:
 * it records each JSON-RPC method it forwards, and can be told to hang (never answer) to exercise time-outs.
 */
export interface Relay {
  readonly url: string;
  readonly methods: string[];
  hang: boolean;
  close(): Promise<void>;
}

export async function startRelay(upstream: string): Promise<Relay> {
  const relay: Relay = { url: "", methods: [], hang: false, close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const parsed = JSON.parse(body) as { method: string } | Array<{ method: string }>;
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) relay.methods.push(item.method);
      if (relay.hang) return; // never answers; the proxy's time-out must fire
      const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("relay has no port");
  Object.assign(relay, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return relay;
}
