import { readdirSync } from "node:fs";
import { extname, join } from "node:path";
import staticFiles from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Content types of what a Vite build emits; anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

/** Text-like types worth compressing; images and fonts other than SVG are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

/** Smaller files are sent as they are: compression would save less than a packet. */
const MIN_COMPRESSED_SIZE = 1024;

/** The extensions of the pre-compressed siblings the build writes beside a file (precompress.ts). */
export const COMPRESSED_SIBLINGS = { br: ".br", gzip: ".gz" } as const;

/** Hashed build output: Vite names every file under assets/ after its content, so it never changes. */
const IMMUTABLE_PREFIX = "/assets/";

export interface AppFile {
  /** The URL path it answers ("/assets/index-BfdOqSPW.js"), also its path inside the build folder. */
  readonly path: string;
  readonly contentType: string;
  readonly cacheControl: string;
}

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";

/** Worth sending brotli or gzip encoded, so the build writes its .br and .gz siblings. */
export const compressible = (file: string, size: number): boolean =>
  COMPRESSIBLE.test(contentTypeOf(file)) && size >= MIN_COMPRESSED_SIZE;

/** A .br or .gz the build wrote beside a file: sent in that file's place only, never asked for by name. */
export const isCompressedSibling = (file: string): boolean =>
  Object.values(COMPRESSED_SIBLINGS).some((extension) => file.endsWith(extension));

/** Every file under dir, as full paths. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** How a file of the build at this URL path is served. */
export function appFile(path: string): AppFile {
  return {
    path,
    contentType: contentTypeOf(path),
    cacheControl: path.startsWith(IMMUTABLE_PREFIX) ? "public, max-age=31536000, immutable" : "no-cache",
  };
}

/** Sends a file of the build (headers set before are kept), or the 404 when the build has no such file. */
export type SendAppFile = (reply: FastifyReply, file: AppFile) => FastifyReply;

/**
 * Registers @fastify/static on `scope` (an encapsulated plugin: the sender and its hook stay in it) over the
 * build in `dir`: a file goes out as its .br or .gz sibling when the request accepts that encoding, with the
 * sibling's own ETag and `Vary: Accept-Encoding`; If-None-Match, HEAD and ranges as @fastify/send answers them.
 * The file's content type and Cache-Control are the build's (see AppFile), not the library's guesses.
 */
export async function appFileSender(scope: FastifyInstance, dir: string): Promise<SendAppFile> {
  await scope.register(staticFiles, { root: dir, serve: false, preCompressed: true, lastModified: false });
  const sent = new WeakMap<FastifyReply, AppFile>();
  scope.addHook("onSend", async (_request, reply, payload) => {
    const file = sent.get(reply);
    // Not on a 404 of a file that is missing: no cache keeps that for a year.
    if (file && reply.statusCode < 400)
      reply.headers({ "content-type": file.contentType, "cache-control": file.cacheControl });
    return payload;
  });
  return (reply, file) => {
    sent.set(reply, file);
    return reply.sendFile(file.path, { cacheControl: false });
  };
}
