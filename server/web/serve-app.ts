import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance, RouteOptions } from "fastify";
import { appFile, appFileSender, isCompressedSibling } from "./app-files.ts";
import { appSecurityHeaders, type ServedAppSettings } from "./app-security-headers.ts";
import { inlineScriptHashes } from "./inline-script-hashes.ts";
import { inMemoryPage, runtimeConfigOf, withRuntimeConfig } from "./runtime-config.ts";

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

/**
 * Serves the built web app beside the API, on one origin, with @fastify/static: hashed assets with a year's
 * immutable caching, everything else (index.html) revalidated on each use; the .br or .gz sibling the build
 * wrote when the browser accepts it, each with its own ETag; the app's security headers (CSP and others)
 * instead of the API's. Any other GET is the app's client-side route and gets index.html, except API paths
 * (/rpc/..., /docs, ...), and missing assets and file-like paths, which are 404s. index.html's inline script
 * hashes are read at start: restart after a new build.
 *
 * Registered before the API's routes, so its onRoute hook sees them; skip-override makes the hook apply to
 * the whole server instead of this plugin's own scope. The files' route lives in a scope of its own.
 */
async function serveApp(app: FastifyInstance, { config, appDir }: ServeAppOptions): Promise<void> {
  const root = resolve(appDir);
  if (!existsSync(join(root, "index.html")))
    throw new Error(`SERVE_APP_DIR holds no index.html: expected the folder \`npm run build\` writes`);
  const built = readFileSync(join(root, "index.html"), "utf8");
  // With a runtime config (a stack on chosen ports), index.html is this server's own page, sent from memory.
  const runtime = runtimeConfigOf(config);
  const page = runtime ? withRuntimeConfig(built, runtime) : built;
  const headers = appSecurityHeaders(config, undefined, inlineScriptHashes(page));
  const index = appFile("/index.html");
  const sendPage = runtime ? inMemoryPage(page) : undefined;
  const apiPrefixes = new Set<string>();

  await app.register(async (scope) => {
    const send = await appFileSender(scope, root);
    // Every file the server sends is already compressed if it is worth it (the build's siblings).
    scope.get("/*", { helmet: false, compress: false }, async (request, reply) => {
      const path = `/${(request.params as { "*": string })["*"]}`;
      reply.headers(headers);
      if (apiPrefixes.has(path.split("/")[1] ?? "")) return reply.callNotFound();
      // Any other path is a page of the app, except a file's path: the build's file, or a 404 when there is none.
      const isPage = path === "/index.html" || (!path.startsWith("/assets/") && !FILE_LIKE.test(path));
      if (isPage) return sendPage ? sendPage(request, reply) : send(reply, index);
      // The embedded wallet's frame (dist/secure/) is served on its own origin only, never beside the app.
      if (path.startsWith("/secure/") || isCompressedSibling(path)) return reply.callNotFound();
      return send(reply, appFile(path));
    });
  });
  app.addHook("onRoute", (route) => {
    const prefix = apiPrefixOf(route);
    if (prefix) apiPrefixes.add(prefix);
  });
}

/** The plugin, registered with `{ config, appDir }` when SERVE_APP_DIR is set. */
export const serveAppPlugin = Object.assign(serveApp, { [Symbol.for("skip-override")]: true });
