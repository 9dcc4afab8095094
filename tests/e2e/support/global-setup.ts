import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build the browser tests serve. */
    distDir: string;
    /** The secure frame's build (inside distDir). */
    secureDir: string;
  }
}

/**
 * Builds the app once (codegen already ran in `npm test`) into a temp dir that every e2e file serves; the
 * build exposes the router so a test can navigate exactly as a link would, the deposit verifier and the e-mail
 * wallet's provider.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = await mkdtemp(join(tmpdir(), "stake-e2e-dist-"));
  process.env.VITE_EXPOSE_ROUTER = "1";
  process.env.VITE_EXPOSE_DEPOSIT_VERIFIER = "1";
  process.env.VITE_EXPOSE_EMBEDDED_WALLET = "1";
  // The devnet backend (loopback); its contact endpoint is answered by the tests at the network boundary.
  process.env.VITE_APP_ENVIRONMENT = "devnet";
  // The real Devnet Wallet (EIP-6963, anvil's dev accounts), as `npm start` serves it.
  process.env.DEVNET_WALLET = "1";
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      mode: "production",
      logLevel: "warn",
      build: { outDir: distDir, emptyOutDir: true, sourcemap: false },
    });
    // The embedded wallet's secure frame, as `npm run build` makes it (dist/secure/, served on SECURE_ORIGIN).
    await build({
      configFile: "secure/vite.config.ts",
      mode: "production",
      logLevel: "warn",
      build: { outDir: join(distDir, "secure"), emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide("distDir", distDir);
  project.provide("secureDir", join(distDir, "secure"));
  return () => rm(distDir, { recursive: true, force: true });
}
