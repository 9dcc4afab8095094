import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { appFile, appFileSender, isCompressedSibling } from "../web/app-files.ts";

/**
 * The secure frame's built files (dist/secure/, or SECURE_APP_DIR) on the secure origin, with @fastify/static
 * and the build's pre-compressed siblings: "/" is its index.html; any other path is a file of the build or a
 * 404. Without a build the origin serves the API alone.
 */
export async function secureFileRoutes(app: FastifyInstance, { dir }: { dir: string | undefined }) {
  if (!dir || !existsSync(join(dir, "index.html"))) {
    app.log.warn(
      { dir: dir ?? null },
      "the secure origin serves no frame (no index.html in SECURE_APP_DIR, or SERVE_APP_DIR/secure): run `npm run build`",
    );
    return;
  }
  const send = await appFileSender(app, resolve(dir));
  const schema = { summary: "The secure frame's built files (/ is its index.html)", tags: ["secure frame"] };
  app.get("/*", { schema }, async (request, reply) => {
    const path = `/${(request.params as { "*": string })["*"]}`;
    if (isCompressedSibling(path)) return reply.callNotFound();
    return send(reply, appFile(path === "/" ? "/index.html" : path));
  });
}
