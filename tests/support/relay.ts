import { createServer, type Server } from "node:http";

/**
 * A loopback HTTP relay in front of an upstream node, for tests that must see what the proxy sends upstream:
 * it records each JSON-RPC method it forwards, can be told to hang (never answer) to exercise time-outs, to
 * hold answers until a gate opens, and to answer some calls itself (a node that lacks a feature).
 */
export interface RelayCall {
  readonly id?: unknown;
  readonly method: string;
  readonly params?: unknown;
}

export interface Relay {
  readonly url: string;
  readonly methods: string[];
  hang: boolean;
  /** Requests whose sender hung up before they were answered. */
  dropped: number;
  /** While set, calls wait for it before they are forwarded. */
  gate: Promise<void> | undefined;
  /** Answers a call itself (returns the JSON-RPC answer) instead of forwarding it; undefined forwards it. */
  answer: ((call: RelayCall) => object | undefined) | undefined;
  close(): Promise<void>;
}

export async function startRelay(upstream: string): Promise<Relay> {
  const relay: Relay = {
    url: "",
    methods: [],
    hang: false,
    dropped: 0,
    gate: undefined,
    answer: undefined,
    close: async () => {},
  };
  const forward = async (calls: RelayCall[]): Promise<unknown[]> => {
    if (calls.length === 0) return [];
    const answer = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls),
    });
    return (await answer.json()) as unknown[];
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    response.on("close", () => {
      if (!response.writableFinished) relay.dropped++;
    });
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RelayCall | RelayCall[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      for (const call of calls) relay.methods.push(call.method);
      if (relay.hang) return; // never answers; the proxy's time-out must fire
      await relay.gate;
      const own = calls.map((call) => relay.answer?.(call));
      // The node may be gone (stopped at the end of a test): the caller's connection is then cut.
      const forwarded = await forward(calls.filter((_, index) => own[index] === undefined)).catch(() => undefined);
      if (!forwarded) return void response.destroy();
      const byId = new Map(forwarded.map((answer) => [JSON.stringify((answer as { id?: unknown }).id), answer]));
      const answers = calls.map((call, index) => own[index] ?? byId.get(JSON.stringify(call.id)));
      if (response.destroyed) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
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
