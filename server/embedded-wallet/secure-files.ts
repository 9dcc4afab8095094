import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { loadAppFiles } from "../web/app-files.ts";
import { CompressedBodies } from "../web/compressed-bodies.ts";
import { preferredEncoding } from "../web/preferred-encoding.ts";

/**
 * The secure frame's built files (dist/secure/, or SECURE_APP_DIR) on the secure origin, from memory:
 * "/" is its index.html; any other path is a file of the build or a 404. Without a build the origin serves
 * the API alone.
 */
export async function secureFileRoutes(app: FastifyInstance, { dir }: { dir: string | undefined }) {
  if (!dir || !existsSync(join(dir, "index.html"))) {
    app.log.warn(
      { dir: dir ?? null },
      "the secure origin serves no frame (no index.html in SECURE_APP_DIR, or SERVE_APP_DIR/secure): run `npm run build`",
    );
    return;
  }
  const files = loadAppFiles(resolve(dir));
  const compressed = new CompressedBodies();
  const schema = { summary: "The secure frame's built files (/ is its index.html)", tags: ["secure frame"] };
  app.get("/*", { schema }, async (request, reply) => {
    const path = `/${(request.params as { "*": string })["*"]}`;
    const file = files.get(path === "/" ? "/index.html" : path);
    if (!file) return reply.callNotFound();
    const encoding = file.compressible ? preferredEncoding(request.headers["accept-encoding"]) : undefined;
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    reply.headers({ "cache-control": file.cacheControl, etag, "content-type": file.contentType });
    if (file.compressible) reply.header("vary", "accept-encoding");
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    if (!encoding) return reply.send(file.body);
    return reply.header("content-encoding", encoding).send(await compressed.get(file, encoding));
  });
}
