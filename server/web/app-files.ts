import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, sep } from "node:path";

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

/** Hashed build output: Vite names every file under assets/ after its content, so it never changes. */
const IMMUTABLE_PREFIX = "/assets/";

export interface AppFile {
  /** The URL path it answers ("/assets/index-BfdOqSPW.js"). */
  readonly path: string;
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong validator from the content. */
  readonly etag: string;
  readonly cacheControl: string;
  /** Worth sending gzip or brotli encoded. */
  readonly compressible: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Reads a built app (the output of `npm run build`) into memory once, keyed by URL path. Requests are answered
 * from this map only, so no request path ever reaches the file system.
 */
export function loadAppFiles(dir: string): ReadonlyMap<string, AppFile> {
  const files = new Map<string, AppFile>();
  for (const file of listFiles(dir)) {
    const path = `/${file.slice(dir.length).split(sep).filter(Boolean).join("/")}`;
    const body = readFileSync(file);
    const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    files.set(path, {
      path,
      body,
      contentType,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      cacheControl: path.startsWith(IMMUTABLE_PREFIX) ? "public, max-age=31536000, immutable" : "no-cache",
      compressible: COMPRESSIBLE.test(contentType) && body.length >= 1024,
    });
  }
  return files;
}
