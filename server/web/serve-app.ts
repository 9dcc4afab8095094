import { resolve } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { type AppFile, loadAppFiles } from "./app-files.ts";
import { appSecurityHeaders, type ServedAppSettings } from "./app-security-headers.ts";
import { CompressedBodies } from "./compressed-bodies.ts";
import { inlineScriptHashes } from "./inline-script-hashes.ts";
import { preferredEncoding } from "./preferred-encoding.ts";
import { runtimeConfigOf, withRuntimeConfig } from "./runtime-config.ts";

export interface ServeAppOptions {
  readonly config: ServedAppSettings;
  /** The built app (`npm run build` writes dist/). */
  readonly appDir: string;
}

/** A last path segment with a dot names a file, never one of the app's pages. */
const FILE_LIKE = /\/[^/]*\.[^/]*$/;

/** The first path segment of an API route that the app must never shadow ("rpc" for /rpc/:chainId). */
function apiPrefixOf(route: RouteOptions): string | undefined {
  const segments = route.url.split("/").filter(Boolean);
  const first = segments[0];
  if (!first || /[:*]/.test(first)) return undefined;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // A one-segment route of another method (POST /contact) leaves GET of that path to the app's page.
  return segments.length > 1 || methods.some((method) => method === "GET" || method === "HEAD") ? first : undefined;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");

/**
 * Serves the built web app beside the API, on one origin. Files come from memory (read once at start):
 * hashed assets with a year's immutable caching, everything else (index.html) revalidated on each use; gzip or
 * brotli, each compressed once; the app's security headers (CSP and others) instead of the API's. Any other
 * GET is the app's client-side route and gets index.html, except API paths (/rpc/..., /docs, ...), missing
 * assets and file-like paths, which are 404s.
 *
 * Registered before the API's routes, so its onRoute hook sees them; skip-override makes the hook apply to
 * the whole server instead of this plugin's own scope.
 */
async function serveApp(app: FastifyInstance, { config, appDir }: ServeAppOptions): Promise<void> {
  // The embedded wallet's frame (dist/secure/) is served on its own origin only, never beside the app.
  const files = new Map([...loadAppFiles(resolve(appDir))].filter(([path]) => !path.startsWith("/secure/")));
  const built = files.get("/index.html");
  if (!built) throw new Error(`SERVE_APP_DIR holds no index.html: expected the folder \`npm run build\` writes`);
  const index = withRuntimeConfig(built, runtimeConfigOf(config));
  files.set("/index.html", index);
  const headers = appSecurityHeaders(config, undefined, inlineScriptHashes(index.body.toString("utf8")));
  const compressed = new CompressedBodies();
  const apiPrefixes = new Set<string>();

  const send = async (request: FastifyRequest, reply: FastifyReply, file: AppFile) => {
    const encoding = file.compressible ? preferredEncoding(request.headers["accept-encoding"]) : undefined;
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
    reply.headers(headers).headers({ "cache-control": file.cacheControl, etag, "content-type": file.contentType });
    if (file.compressible) {
      const vary = reply.getHeader("vary");
      reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
    }
    if (matches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    if (!encoding) return reply.send(file.body);
    return reply.header("content-encoding", encoding).send(await compressed.get(file, encoding));
  };

  app.get("/*", { helmet: false }, async (request, reply) => {
    const path = `/${(request.params as { "*": string })["*"]}`;
    const file = files.get(path);
    if (file) return send(request, reply, file);
    const first = path.split("/")[1] ?? "";
    if (apiPrefixes.has(first) || path.startsWith("/assets/") || FILE_LIKE.test(path)) {
      reply.headers(headers);
      return reply.callNotFound();
    }
    return send(request, reply, index);
  });
  app.addHook("onRoute", (route) => {
    const prefix = apiPrefixOf(route);
    if (prefix) apiPrefixes.add(prefix);
  });
}

/** The plugin, registered with `{ config, appDir }` when SERVE_APP_DIR is set. */
export const serveAppPlugin = Object.assign(serveApp, { [Symbol.for("skip-override")]: true });
