import { readFile, stat, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { COMPRESSED_SIBLINGS, compressible, listFiles } from "./app-files.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const SOURCE_MAP_BROTLI_QUALITY = 5;

/**
 * Writes a .br (brotli at its best ratio) and a .gz (gzip level 9) beside every file of a build worth
 * compressing (text-like, 1 KiB or more), for the server to send as they are (@fastify/static's preCompressed);
 * source maps at brotli 5 and gzip 6, several times faster.
 * Compression runs on libuv's thread pool, several files at once. Returns the files compressed.
 */
export async function writeCompressedSiblings(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const file of listFiles(dir)) {
    if (Object.values(COMPRESSED_SIBLINGS).some((extension) => file.endsWith(extension))) continue;
    if (compressible(file, (await stat(file)).size)) files.push(file);
  }
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      // Source maps, fetched by developer tools only and most of a build's bytes, at faster settings.
      const map = file.endsWith(".map");
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: map ? SOURCE_MAP_BROTLI_QUALITY : constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: map ? 6 : 9 }),
      ]);
      await Promise.all([
        writeFile(`${file}${COMPRESSED_SIBLINGS.br}`, br),
        writeFile(`${file}${COMPRESSED_SIBLINGS.gzip}`, gz),
      ]);
    }),
  );
  return files;
}

/** Vite plugin: after a build is written, its pre-compressed siblings (writeCompressedSiblings). */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.write ? resolve(config.root, config.build.outDir) : undefined;
    },
    async closeBundle(error) {
      if (outDir && !error) await writeCompressedSiblings(outDir);
    },
  };
}
