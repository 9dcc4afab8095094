import { createServer, type Socket } from "node:net";

/** A loopback stand-in for a node that hangs: it accepts connections and never answers a byte. */
export interface StallingServer {
  readonly url: string;
  /** Connections accepted so far. */
  readonly connections: () => number;
  close(): Promise<void>;
}

export async function startStallingServer(): Promise<StallingServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // Reads what it is sent, and says nothing.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the stalling server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
