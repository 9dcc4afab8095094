import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { catalogueQueryFromParams, queryCatalogue } from "../../src/core/wallet-catalogue/query-catalogue.ts";
import type { WalletListing } from "../../src/core/wallet-catalogue/wallet-listing.ts";

export interface CatalogueServer {
  readonly baseUrl: string;
  /** Every request URL the server received, in order. */
  readonly requests: URL[];
  close(): Promise<void>;
}

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A real HTTP server on a random loopback port answering GET /getWallets from a catalogue and
 * GET /getWalletImage/{id} with a PNG; image ids listed in `hangingImages` never get an answer.
 */
export async function startCatalogueServer(
  catalogue: readonly WalletListing[],
  options: { hangingImages?: readonly string[]; missingImages?: readonly string[] } = {},
): Promise<CatalogueServer> {
  const requests: URL[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    response.setHeader("access-control-allow-origin", "*");
    if (!url.searchParams.get("projectId") || !url.searchParams.get("st") || !url.searchParams.get("sv")) {
      response
        .writeHead(400, { "content-type": "application/json" })
        .end('{"message":"projectId, st and sv are required"}');
      return;
    }
    if (url.pathname === "/getWallets") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(queryCatalogue(catalogue, catalogueQueryFromParams(url.searchParams))));
      return;
    }
    const image = /^\/getWalletImage\/([^/]+)$/.exec(url.pathname)?.[1];
    if (image && options.hangingImages?.includes(image)) {
      hanging.push(response);
      return;
    }
    if (image && !options.missingImages?.includes(image)) {
      response.writeHead(200, { "content-type": "image/png" }).end(PNG_1X1);
      return;
    }
    response.writeHead(404, { "content-type": "application/json" }).end('{"message":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
