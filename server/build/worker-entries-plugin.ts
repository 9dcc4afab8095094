import { basename, posix } from "node:path";
import type { Plugin } from "vite";

/**
 * `new Worker(new URL("./x.ts", import.meta.url)` or `startModuleWorker(new URL("./x.ts", import.meta.url)`
 * (server/deposits/start-module-worker.ts) as server code starts a worker_threads worker.
 */
const WORKER_URL =
  /((?:new\s+Worker|startModuleWorker)\(\s*)new\s+URL\(\s*(["'`])(\.{1,2}\/[^"'`]+\.ts)\2\s*,\s*import\.meta\.url\s*\)/g;
const PLACEHOLDER = /__SERVER_WORKER_([\w$-]+)__/g;

/**
 * Compiles every worker_threads worker the server starts as an entry of its own. Source code starts a worker
 * with `new Worker(new URL("./x.ts", import.meta.url))` or `startModuleWorker(new URL(...))` (tsx runs it as is); the bundle gets the worker as
 * dist-server/x.js and the URL rewritten to it, relative to the chunk that starts it. Two workers with the
 * same file name stop the build (their outputs would collide).
 */
export function workerEntries(): Plugin {
  return {
    name: "server-worker-entries",
    async transform(code, id) {
      if (!code.includes("new Worker(") && !code.includes("startModuleWorker(")) return null;
      let changed = code;
      for (const match of code.matchAll(WORKER_URL)) {
        const [whole, start, , specifier] = match as unknown as [string, string, string, string];
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`cannot find the worker ${specifier} started in ${id}`);
        const reference = this.emitFile({
          type: "chunk",
          id: resolved.id,
          fileName: `${basename(specifier, ".ts")}.js`,
        });
        changed = changed.replace(whole, `${start}new URL("__SERVER_WORKER_${reference}__", import.meta.url)`);
      }
      return changed === code ? null : { code: changed, map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes("__SERVER_WORKER_")) return null;
      return code.replace(PLACEHOLDER, (_placeholder, reference: string) => {
        const path = posix.relative(posix.dirname(chunk.fileName), this.getFileName(reference));
        return path.startsWith(".") ? path : `./${path}`;
      });
    },
  };
}
