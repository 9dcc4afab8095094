import { hkdfSync } from "node:crypto";
import { join } from "node:path";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { allowedOriginsResponse, embeddedWalletPaths } from "../../src/core/api/embedded-wallet.ts";
import { app as appConfig } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import { type BaseServerSettings, buildBaseServer } from "../http/fastify-base.ts";
import { registerOpenApi } from "../http/openapi.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { accountRoutes } from "./account-routes.ts";
import { deviceApprovalRoutes } from "./device-approval-routes.ts";
import { createEmailLogin } from "./email-login.ts";
import { loginRoutes } from "./login-routes.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { OneTimeCodes } from "./one-time-codes.ts";
import { secureOpenApiDocument, secureOpenApiRoute } from "./secure-api-docs.ts";
import { secureFileRoutes } from "./secure-files.ts";
import { secureOriginHeaders } from "./secure-headers.ts";
import { createServerShares } from "./server-shares.ts";
import { WalletSessions } from "./sessions.ts";
import { ShareCipher, shareKeyBytes } from "./share-cipher.ts";
import { createSocialLogin, type SocialProviderSettings } from "./social-login.ts";
import { configuredSocialProviders, type SocialProviderSecrets } from "./social-providers.ts";
import { socialRoutes } from "./social-routes.ts";
import { createWalletAccounts } from "./wallet-accounts.ts";

/**
 * What the secure origin's server reads of the server's configuration: the shared Fastify set-up's settings, the
 * social login secrets, the app's origins (its frame-ancestors), the frame's files, and the three variables the
 * embedded wallet is on with (checked by parseEnv: SECURE_ORIGIN needs the share key and the mail server).
 */
export type SecureServerSettings = BaseServerSettings &
  SocialProviderSecrets &
  Pick<
    ServerConfig,
    | "PUBLIC_BASE_URL"
    | "SERVE_KINDS"
    | "SERVE_APP_DIR"
    | "SECURE_APP_DIR"
    | "EMBEDDED_WALLET_ALLOWED_ORIGINS"
    | "EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS"
    | "SMTP_FROM"
  > &
  Partial<Pick<ServerConfig, "APP_API_BASE_URL">> & {
    SECURE_ORIGIN: string;
    EMBEDDED_WALLET_SHARE_KEY: string;
    SMTP_URL: string;
  };

export interface SecureServerOptions {
  readonly logger?: boolean;
  readonly counter: SharedCounter;
  /** Default: SMTP_URL's server. */
  readonly mailer?: Mailer;
  readonly now?: () => Date;
  /** POST /email/device's wait (25 s) and poll interval (1 s). */
  readonly deviceWaitMs?: number;
  readonly devicePollMs?: number;
  /** Where log lines go (default stdout); tests read them. Given, it logs even when `logger` is false. */
  readonly logStream?: { write(line: string): void };
  /** Social login providers; default: app.json's walletKit.socialLogin with the OIDC_<PROVIDER>_CLIENT_SECRET variables. */
  readonly socialProviders?: Readonly<Record<string, SocialProviderSettings>>;
}

/**
 * The secure origin (SECURE_ORIGIN): a Fastify instance of its own, listening on its own port, serving the
 * frame's files and the embedded wallet's API, and nothing of the app. CORS grants only this origin itself.
 */
export async function buildSecureServer(
  config: SecureServerSettings,
  storage: Storage,
  options: SecureServerOptions,
): Promise<FastifyInstance> {
  const app = await buildBaseServer({
    config,
    bodyLimit: 16_384,
    counter: options.counter,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await registerOpenApi(app, secureOpenApiDocument(config.SECURE_ORIGIN));
  const headers = secureOriginHeaders({
    allowedOrigins: config.EMBEDDED_WALLET_ALLOWED_ORIGINS,
    https: new URL(config.SECURE_ORIGIN).protocol === "https:",
    appOrigins: [
      new URL(config.PUBLIC_BASE_URL).origin,
      // The API base the served app is told at run time (APP_API_BASE_URL), else the builds' own.
      ...(config.APP_API_BASE_URL
        ? [new URL(config.APP_API_BASE_URL).origin]
        : config.SERVE_KINDS.map((kind) => new URL(appConfig.apiBaseUrl[kind]).origin)),
    ],
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    // Sessions, users and shares must never sit in a cache.
    if (request.url.startsWith("/embedded-wallet/")) reply.header("cache-control", "no-store");
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || origin === config.SECURE_ORIGIN),
    methods: ["GET", "POST", "PUT"],
  });

  const now = options.now ?? (() => new Date());
  const masterKey = shareKeyBytes(config.EMBEDDED_WALLET_SHARE_KEY);
  const codeKey = Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), "embedded-wallet one-time codes", 32));
  const codes = new OneTimeCodes(storage, codeKey, now);
  const sessions = new WalletSessions(storage, now);
  const mailer = options.mailer ?? createMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  if (!options.mailer) app.addHook("onClose", async () => mailer.close());
  const login = createEmailLogin({
    storage,
    mailer,
    codes,
    sessions,
    counter: options.counter,
    secureOrigin: config.SECURE_ORIGIN,
    now,
    ...(options.deviceWaitMs === undefined ? {} : { deviceWaitMs: options.deviceWaitMs }),
    ...(options.devicePollMs === undefined ? {} : { devicePollMs: options.devicePollMs }),
  });
  const cipher = new ShareCipher(masterKey, config.EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS.map(shareKeyBytes));
  const accounts = createWalletAccounts({ storage, mailer, codes, cipher, counter: options.counter });
  const serverShares = createServerShares({ storage, cipher, secureOrigin: config.SECURE_ORIGIN, now });

  await app.register(secureOpenApiRoute);
  await app.register(async (scope) => {
    zodRoutes(scope).get(
      embeddedWalletPaths.allowedOrigins,
      {
        schema: {
          summary: "Pages that may embed the frame",
          tags: ["embedded wallet"],
          response: { 200: allowedOriginsResponse },
        },
      },
      async () => ({ allowedOrigins: [...config.EMBEDDED_WALLET_ALLOWED_ORIGINS] }),
    );
  });
  await app.register(loginRoutes, { login });
  await app.register(accountRoutes, { accounts, sessions, serverShares });
  await app.register(deviceApprovalRoutes, { login });
  const social = createSocialLogin({
    storage,
    sessions,
    providers: options.socialProviders ?? configuredSocialProviders(config),
    secureOrigin: config.SECURE_ORIGIN,
    now,
  });
  await app.register(socialRoutes, { social, allowedOrigins: config.EMBEDDED_WALLET_ALLOWED_ORIGINS });
  const dir = config.SECURE_APP_DIR ?? (config.SERVE_APP_DIR ? join(config.SERVE_APP_DIR, "secure") : undefined);
  await app.register(secureFileRoutes, { dir });
  return app;
}
