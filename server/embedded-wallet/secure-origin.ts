import type { FastifyInstance } from "fastify";
import { embeddedWalletConfigResponse, embeddedWalletPaths } from "../../src/core/api/embedded-wallet.ts";
import type { ServerConfig } from "../config/env.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { buildSecureServer, type SecureServerOptions, type SecureServerSettings } from "./secure-server.ts";
import { configuredSocialProviders } from "./social-providers.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The secure origin's server (SECURE_ORIGIN), when the embedded wallet is on; listenSecureOrigin starts it. */
    embeddedWalletSecure?: FastifyInstance;
  }
}

/**
 * What attachEmbeddedWallet reads of the server's configuration: the secure server's settings, with SECURE_ORIGIN,
 * the share key and the mail server as parsed (unset when the embedded wallet is off).
 */
export type EmbeddedWalletSettings = Omit<
  SecureServerSettings,
  "SECURE_ORIGIN" | "EMBEDDED_WALLET_SHARE_KEY" | "SMTP_URL"
> &
  Pick<ServerConfig, "SECURE_ORIGIN" | "EMBEDDED_WALLET_SHARE_KEY" | "SMTP_URL">;

/** What listenSecureOrigin reads of the server's configuration. */
export type SecureListenerSettings = Pick<ServerConfig, "SECURE_ORIGIN" | "SECURE_PORT" | "HOST">;

/**
 * The embedded wallet on the main server: GET /embedded-wallet/config (the only /embedded-wallet path of the
 * main origin) and, when SECURE_ORIGIN is set, the secure origin's own server, closed with the main one.
 */
export async function attachEmbeddedWallet(
  app: FastifyInstance,
  config: EmbeddedWalletSettings,
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
  // parseEnv refuses SECURE_ORIGIN without EMBEDDED_WALLET_SHARE_KEY and SMTP_URL.
  const secure = await buildSecureServer(config as SecureServerSettings, storage, options);
  app.decorate("embeddedWalletSecure", secure);
  app.addHook("onClose", async () => {
    await secure.close();
  });
}

/**
 * Starts the secure origin's listener (on SECURE_PORT, else SECURE_ORIGIN's port) once the main server listens;
 * its URL, or undefined when the embedded wallet is off.
 */
export async function listenSecureOrigin(
  app: FastifyInstance,
  config: SecureListenerSettings,
): Promise<string | undefined> {
  const secure = app.embeddedWalletSecure;
  if (!secure || !config.SECURE_ORIGIN) return undefined;
  const origin = new URL(config.SECURE_ORIGIN);
  const port = config.SECURE_PORT ?? Number(origin.port || (origin.protocol === "https:" ? 443 : 80));
  return secure.listen({ host: config.HOST, port });
}
