import { narrowViemDynamicImports } from "@stake-app/modal-kit/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// narrowViemDynamicImports keeps the JavaScript the modal loads when it opens small (see the kit's README).
export default defineConfig({ plugins: [react(), narrowViemDynamicImports()], server: { host: "127.0.0.1" } });
