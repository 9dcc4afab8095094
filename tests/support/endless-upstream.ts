import { createServer, type Server } from "node:http";

/**
 * A loopback stand-in for an upstream node that misbehaves as no real node can be made to on demand: it
 * answers eth_chainId (so it passes the proxy's chain check), and every other call with a JSON answer that
 * never ends, streamed as fast as the reader takes it. It counts the bytes it sent and sees when it is cut off.
 */
export interface EndlessUpstream {
  readonly url: string;
  /** Bytes of endless answers written so far. */
  readonly sentBytes: () => number;
  /** Resolves when the reader of an endless answer has hung up. */
  readonly cutOff: Promise<void>;
  close(): Promise<void>;
}

export async function startEndlessUpstream(chainId: number): Promise<EndlessUpstream> {
  let sent = 0;
  let reportCutOff = () => {};
  const cutOff = new Promise<void>((resolve) => {
    reportCutOff = resolve;
  });
  const chunk = Buffer.from("00".repeat(32_768));
  const server: Server = createServer((request, response) => {
    const body: Buffer[] = [];
    request.on("data", (part: Buffer) => body.push(part));
    request.on("end", () => {
      const call = JSON.parse(Buffer.concat(body).toString("utf8")) as { id?: unknown; method?: string };
      if (call.method === "eth_chainId") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: `0x${chainId.toString(16)}` }));
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.write(`{"jsonrpc":"2.0","id":${JSON.stringify(call.id ?? null)},"result":"0x`);
      const pump = () => {
        while (!response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
      };
      response.on("close", reportCutOff);
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the stand-in has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    sentBytes: () => sent,
    cutOff,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
