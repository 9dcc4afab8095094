import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".map": "application/json",
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a built app on a random free loopback port, like a static host with an SPA fallback: a path that
 * is not a file gets index.html; a missing /assets/ file is a real 404; bodies are gzipped when accepted.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, pathname));
    const inside = file.startsWith(root);
    const isFile =
      inside &&
      (await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ));
    if (!isFile && pathname.startsWith("/assets/")) {
      response.writeHead(404).end();
      return;
    }
    const path = isFile ? file : join(root, "index.html");
    const body = await readFile(path);
    // Compressed like a real static host, so the browser's transfer sizes are gzip sizes.
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "content-type": TYPES[extname(path)] ?? "application/octet-stream",
      "cache-control": "no-store",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    response.end(gzip ? gzipSync(body, { level: 9 }) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
