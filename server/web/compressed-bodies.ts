import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { AppFile } from "./app-files.ts";

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at its best ratio and gzip at level 9, on libuv's thread pool (off the event loop). */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 9 });
}

/**
 * Each file is compressed once per encoding, on its first request, and kept: later requests (and requests
 * arriving while it is being compressed) share the result. The build is fixed while the server runs.
 */
export class CompressedBodies {
  readonly #cache = new Map<string, Promise<Buffer>>();

  constructor(private readonly compress: typeof compressBody = compressBody) {}

  get(file: AppFile, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding} ${file.path}`;
    let body = this.#cache.get(key);
    if (!body) {
      body = this.compress(file.body, encoding).catch((error: unknown) => {
        this.#cache.delete(key);
        throw error;
      });
      this.#cache.set(key, body);
    }
    return body;
  }
}
