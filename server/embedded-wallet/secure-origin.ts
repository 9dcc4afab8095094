import type { FastifyInstance } from "fastify";
import { embeddedWalletConfigResponse, embeddedWalletPaths } from "../../src/core/api/embedded-wallet.ts";
import type { ServerConfig } from "../config/env.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { buildSecureServer, type SecureServerConfig, type SecureServerOptions } from "./secure-server.ts";
import { configuredSocialProviders } from "./social-providers.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The secure origin's server (SECURE_ORIGIN), when the embedded wallet is on; listenSecureOrigin starts it. */
    embeddedWalletSecure?: FastifyInstance;
  }
}

/**
 * The embedded wallet on the main server: GET /embedded-wallet/config (the only /embedded-wallet path of the
 * main origin) and, when SECURE_ORIGIN is set, the secure origin's own server, closed with the main one.
 */
export async function attachEmbeddedWallet(
  app: FastifyInstance,
  config: ServerConfig,
  storage: Storage,
  options: { logger?: boolean; counter: SharedCounter } & Partial<Omit<SecureServerOptions, "counter" | "logger">>,
): Promise<void> {
  const socials = config.SECURE_ORIGIN ? Object.keys(options.socialProviders ?? configuredSocialProviders(config)) : [];
  // In a plugin of its own: zodRoutes sets the zod compilers on its context only.
  await app.register(async (scope) => {
    zodRoutes(scope).get(
      embeddedWalletPaths.config,
      {
        schema: {
          summary: "Whether the embedded (e-mail) wallet is on, and its secure origin",
          tags: ["embedded wallet"],
          response: { 200: embeddedWalletConfigResponse },
        },
      },
      async () =>
        config.SECURE_ORIGIN ? { enabled: true, secureOrigin: config.SECURE_ORIGIN, socials } : { enabled: false },
    );
  });
  if (!config.SECURE_ORIGIN) return;
  const secure = await buildSecureServer(config as SecureServerConfig, storage, options);
  app.decorate("embeddedWalletSecure", secure);
  app.addHook("onClose", async () => {
    await secure.close();
  });
}

/**
 * Starts the secure origin's listener (on SECURE_PORT, else SECURE_ORIGIN's port) once the main server listens;
 * its URL, or undefined when the embedded wallet is off.
 */
export async function listenSecureOrigin(app: FastifyInstance, config: ServerConfig): Promise<string | undefined> {
  const secure = app.embeddedWalletSecure;
  if (!secure || !config.SECURE_ORIGIN) return undefined;
  const origin = new URL(config.SECURE_ORIGIN);
  const port = config.SECURE_PORT ?? Number(origin.port || (origin.protocol === "https:" ? 443 : 80));
  return secure.listen({ host: config.HOST, port });
}
