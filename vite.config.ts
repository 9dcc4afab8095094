import { spawn } from "node:child_process";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { devnetWallet } from "./devnet/wallet/vite-plugin-devnet-wallet.ts";
import { precompress } from "./server/web/precompress.ts";
import { jsonSections } from "./src/app/build/json-sections.ts";
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
    // The home page's part of en_US in the entry (src/app/source-texts.ts).
    jsonSections(),
    // A .br and a .gz beside each text file of the build, which the server sends as they are (server/web).
    precompress(),
  ],
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // Network icons stay files (cacheable, and no data: URL for the Content-Security-Policy to allow).
  build: {
    sourcemap: true,
    assetsInlineLimit: (file) => (file.includes("/networks/icons/") ? false : undefined),
  },
});
