import { cpSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** Copies a folder of files the server reads at run time (its SQL migrations) next to the bundle. */
export function copyFolder(from: string, to: string): Plugin {
  let source = from;
  let target = to;
  return {
    name: "server-copy-folder",
    configResolved(config) {
      source = resolve(config.root, from);
      target = resolve(config.root, config.build.outDir, to);
    },
    writeBundle() {
      cpSync(source, target, { recursive: true });
    },
  };
}
