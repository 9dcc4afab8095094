import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { copyFolder } from "./copy-folder-plugin.ts";
import { workerEntries } from "./worker-entries-plugin.ts";

/**
 * `npm run build:server`: the staking server compiled for production into dist-server/, run with plain
 * `node dist-server/main.js` (`npm run serve`): no tsx, no codegen, no sources. Everything under server/ and
 * src/ (with src/generated, written by codegen at build time) is bundled; packages stay imports and must be
 * dependencies (compiled-server.test.ts checks). Worker threads the server starts become entries of their
 * own (workerEntries); the SQL migrations are copied to dist-server/migrations, where the bundle reads them.
 */
const SERVER_ENTRIES: Readonly<Record<string, string>> = { main: "server/main.ts" };

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  publicDir: false,
  logLevel: "warn",
  plugins: [workerEntries(), copyFolder("server/storage/migrations", "migrations")],
  ssr: { external: true },
  build: {
    ssr: true,
    outDir: "dist-server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { ...SERVER_ENTRIES },
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
