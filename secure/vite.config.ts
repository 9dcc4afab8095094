import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "../server/web/precompress.ts";

/**
 * The embedded wallet's secure frame, built on its own into dist/secure/ (the server serves that directory,
 * and only that, on SECURE_ORIGIN): its own small chunks, nothing shared with the app's.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  publicDir: false,
  // A .br and a .gz beside each text file of the build, which the server sends as they are (server/web).
  plugins: [precompress()],
  build: {
    outDir: fileURLToPath(new URL("../dist/secure", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
