import { spawn } from "node:child_process";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { devnetWallet } from "./devnet/wallet/vite-plugin-devnet-wallet.ts";
import { narrowViemDynamicImports } from "./src/modal-kit/build/narrow-viem-dynamic-imports.ts";

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
  // DEVNET_WALLET=1 (set by `npm start`) adds the Devnet Wallet, an EIP-6963 wallet over the devnet's dev accounts.
  // narrowViemDynamicImports keeps the wallet modal first load small (see the plugin).
  plugins: [
    react(),
    regenerateOnConfigChange(),
    devnetWallet(process.env.DEVNET_WALLET === "1"),
    narrowViemDynamicImports(),
  ],
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // Network icons stay files (cacheable, and no data: URL for the Content-Security-Policy to allow).
  build: {
    sourcemap: true,
    assetsInlineLimit: (file) => (file.includes("/networks/icons/") ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small modules the home page shares with lazy routes (the design system's basics, the API
              // client, the staking facts), as one file instead of a file each: every file adds its wrapper and a
              // preload entry to what the home page loads.
              name: "ui-base",
              test: /src[\\/](components[\\/](ui[\\/](button|card|badge|stat|skeleton|network-icon|field|select|toggle)[\\/]|api[\\/](use-api-query|unexpected-api-response-error)\.ts|network-facts[\\/]describe-staking|network-stats[\\/])|lib[\\/](app-error|format-date|api-client)\.ts)/,
            },
          ],
          // The group takes only these side-effect-free modules, not what they import (React stays in its chunk).
          includeDependenciesRecursively: false,
        },
      },
    },
  },
});
