import { Agent, createServer, request, type Server } from "node:http";

/**
 * A tiny round-robin HTTP forwarder for the load bench (not part of the product): each request goes to the next
 * instance in turn; when that instance cannot be reached or drops the connection before answering, the request
 * is sent once more, to the instance after it. Bodies are small JSON, so each is read whole before it is forwarded.
 */
export interface RoundRobin {
  readonly url: string;
  /** Requests sent a second time because the first instance failed them. */
  readonly retried: () => number;
  close(): Promise<void>;
}

export async function startRoundRobin(instances: readonly string[]): Promise<RoundRobin> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  let retried = 0;
  const targets = instances.map((url) => new URL(url));

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      const send = (attempt: number, index: number) => {
        const target = targets[index % targets.length] as URL;
        const forwarded = request(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            agent,
            headers: { ...incoming.headers, host: target.host, "content-length": String(body.length) },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
            answer.on("error", () => outgoing.destroy());
          },
        );
        forwarded.on("error", () => {
          if (outgoing.headersSent) return void outgoing.destroy();
          if (attempt === 0) {
            retried++;
            return send(1, index + 1);
          }
          outgoing.writeHead(502, { "content-type": "application/json" });
          outgoing.end('{"code":"bad_gateway","message":"no instance answered"}');
        });
        forwarded.end(body);
      };
      send(0, next++);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("the round-robin forwarder has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    retried: () => retried,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
