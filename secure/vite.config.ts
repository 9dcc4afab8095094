import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The embedded wallet's secure frame, built on its own into dist/secure/ (the server serves that directory,
 * and only that, on SECURE_ORIGIN): its own small chunks, nothing shared with the app's.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../dist/secure", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
