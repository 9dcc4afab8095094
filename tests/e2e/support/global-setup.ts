import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build the browser tests serve. */
    distDir: string;
  }
}

/**
 * Builds the app once (codegen already ran in `npm test`) into a temp dir that every e2e file serves; the
 * build exposes the router so a test can navigate exactly as a link would.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = await mkdtemp(join(tmpdir(), "stake-e2e-dist-"));
  process.env.VITE_EXPOSE_ROUTER = "1";
  await build({ logLevel: "warn", build: { outDir: distDir, emptyOutDir: true, sourcemap: false } });
  project.provide("distDir", distDir);
  return () => rm(distDir, { recursive: true, force: true });
}
