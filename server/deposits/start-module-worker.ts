import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread on a module file, under the runtime the server itself runs in. A compiled server
 * loads the worker's .js file directly. From TypeScript sources (tsx in `npm run server`, Vitest in tests),
 * Node 20 does not apply the parent's loader hooks inside a worker, so the thread first registers tsx's
 * hooks for itself, then imports the module.
 */
export function startModuleWorker(module: URL, options: WorkerOptions): Worker {
  if (!module.pathname.endsWith(".ts")) return new Worker(module, options);
  const bootstrap = [
    `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))};`,
    "register();",
    `await import(${JSON.stringify(module.href)});`,
  ].join("\n");
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options);
}
