import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type RuntimeConfig, runtimeConfigElement } from "../../src/core/runtime-config.ts";
import type { ServedAppSettings } from "./app-security-headers.ts";

/** What the served app is told at run time (APP_API_BASE_URL, APP_RPC_URLS); undefined when there is nothing. */
export function runtimeConfigOf(config: Pick<ServedAppSettings, "APP_API_BASE_URL" | "APP_RPC_URLS">) {
  const runtime: RuntimeConfig = {
    ...(config.APP_API_BASE_URL ? { apiBaseUrl: config.APP_API_BASE_URL } : {}),
    ...(config.APP_RPC_URLS && Object.keys(config.APP_RPC_URLS).length > 0 ? { rpcUrls: config.APP_RPC_URLS } : {}),
  };
  return Object.keys(runtime).length > 0 ? runtime : undefined;
}

/**
 * index.html with the runtime config as a JSON data block at the end of its head, read by the app before it
 * starts (src/lib/runtime-config.ts). Inline, so the first paint waits for no request; a data block, so it is
 * never run and the Content-Security-Policy allows no new script.
 */
export function withRuntimeConfig(html: string, runtime: RuntimeConfig): string {
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("SERVE_APP_DIR's index.html has no </head> to put the runtime config before");
  return `${html.slice(0, at)}${runtimeConfigElement(runtime)}\n  ${html.slice(at)}`;
}

type Encoding = "br" | "gzip";

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli when accepted, else gzip, else none.
 * An encoding listed with q=0 is refused; "*" accepts both.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  if (weightOf("br") > 0) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return undefined;
}

/**
 * Sends a page written at start (index.html with this server's runtime config) from memory, as the build's
 * files go out: revalidated on each use (no-cache), brotli or gzip when accepted, each encoding with its own
 * ETag and Vary: Accept-Encoding, 304 on a matching If-None-Match.
 */
export function inMemoryPage(html: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const identity = Buffer.from(html, "utf8");
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const bodies: Record<Encoding, Buffer> = {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  return (request, reply) => {
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    const etag = encoding ? `"${tag}-${encoding}"` : `"${tag}"`;
    const vary = reply.getHeader("vary");
    reply.headers({
      "cache-control": "no-cache",
      "content-type": "text/html; charset=utf-8",
      etag,
      vary: vary ? `${String(vary)}, accept-encoding` : "accept-encoding",
    });
    const ifNoneMatch = request.headers["if-none-match"] ?? "";
    if (ifNoneMatch.split(",").some((value) => value.trim() === etag || value.trim() === "*"))
      return reply.status(304).send();
    if (!encoding) return reply.send(identity);
    return reply.header("content-encoding", encoding).send(bodies[encoding]);
  };
}
