import { createServer, type Server } from "node:http";

/**
 * A loopback JSON-RPC node for tests that must control the exact bytes an upstream answers and count what
 * reaches it: it answers eth_chainId with its chain id and every other call with the bytes `answer` gives
 * (the `"result":...` or `"error":...` member, as text), and can hold answers until a gate opens.
 */
export interface StandInCall {
  readonly id: unknown;
  readonly method: string;
  readonly params?: unknown;
}

export interface StandInUpstream {
  readonly url: string;
  /** Every call received, in order (eth_chainId checks included). */
  readonly calls: StandInCall[];
  /** HTTP requests received (a batch is one). */
  requests: number;
  /** The calls of each HTTP request received, in order (one for a single call). */
  readonly batches: StandInCall[][];
  /** The Authorization header of the last request, if it had one. */
  authorization: string | undefined;
  /** While set, answers wait for it. */
  gate: Promise<void> | undefined;
  /** The member answering a call: `"result":<JSON>` or `"error":{...}`, written as it is. */
  answer: (call: StandInCall) => string;
  /** Batches are answered in reverse order when set (JSON-RPC allows any order). */
  reverseBatches: boolean;
  close(): Promise<void>;
}

export async function startStandInUpstream(chainId: number): Promise<StandInUpstream> {
  const standIn: StandInUpstream = {
    url: "",
    calls: [],
    requests: 0,
    batches: [],
    authorization: undefined,
    gate: undefined,
    answer: () => '"result":null',
    reverseBatches: false,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      standIn.requests++;
      standIn.authorization = request.headers.authorization;
      const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as StandInCall | StandInCall[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      standIn.calls.push(...calls);
      standIn.batches.push(calls);
      await standIn.gate;
      const answers = calls.map((call) => {
        const member = call.method === "eth_chainId" ? `"result":"0x${chainId.toString(16)}"` : standIn.answer(call);
        return `{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},${member}}`;
      });
      if (standIn.reverseBatches) answers.reverse();
      if (response.destroyed) return;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Array.isArray(parsed) ? `[${answers.join(",")}]` : answers[0]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the stand-in upstream has no port");
  Object.assign(standIn, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return standIn;
}
