import { spawn } from "node:child_process";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * While `npm run dev` runs, an edit under networks/, schemas/ or locales/ regenerates src/generated/
 * (codegen prints any problem in this terminal and leaves the last good output in place).
 */
function regenerateOnConfigChange(): Plugin {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const child = spawn(process.execPath, ["--import", "tsx", "codegen/cli.ts"], { stdio: "inherit" });
    child.on("exit", () => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return {
    name: "regenerate-on-config-change",
    apply: "serve",
    configureServer(server) {
      server.watcher.add(["networks", "schemas", "locales"]);
      server.watcher.on("change", (path) => {
        if (/[\\/](networks|schemas|locales)[\\/][^\\/]+\.json$/.test(path)) run();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), regenerateOnConfigChange()],
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  build: { sourcemap: true },
});
