import { type App, app as appConfig, networksInHomeOrder } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";

/** Browser features the app never uses, turned off for it and anything it embeds. Clipboard stays allowed (copy buttons). */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
].join(", ");

/** What serving the web app reads of the server's configuration: the kinds served, its own and the frame's origin. */
export type ServedAppSettings = Pick<ServerConfig, "SERVE_KINDS" | "PUBLIC_BASE_URL" | "SECURE_ORIGIN"> &
  Partial<Pick<ServerConfig, "APP_API_BASE_URL" | "APP_RPC_URLS">>;

/** The API base of each build kind the served app uses: APP_API_BASE_URL when set (handed to it at run time), else app.json's. */
export function servedApiBaseUrls(config: Pick<ServedAppSettings, "APP_API_BASE_URL">): App["apiBaseUrl"] {
  const own = config.APP_API_BASE_URL;
  return own ? { mainnet: own, testnet: own, devnet: own } : appConfig.apiBaseUrl;
}

/**
 * The security headers of every response that serves the web app (index.html and its assets). HSTS (a year,
 * sub-domains included) only when the server is reached over https (PUBLIC_BASE_URL), since browsers ignore it
 * over http and a local http origin must stay usable.
 */
export function appSecurityHeaders(
  config: ServedAppSettings,
  walletProjectId: string | undefined = (appConfig as App).walletProjectId,
  /** The served index.html's inline script hashes (inlineScriptHashes). */
  inlineScriptHashes: readonly string[] = [],
): Record<string, string> {
  const https = new URL(config.PUBLIC_BASE_URL).protocol === "https:";
  return {
    "content-security-policy": contentSecurityPolicy({
      registry: networksInHomeOrder,
      kinds: config.SERVE_KINDS,
      apiBaseUrls: servedApiBaseUrls(config),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      walletProjectId,
      inlineScriptHashes,
      ...(config.SECURE_ORIGIN ? { frameOrigins: [config.SECURE_ORIGIN] } : {}),
      ...(config.APP_RPC_URLS ? { rpcUrlOverrides: config.APP_RPC_URLS } : {}),
    }),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // Wallets sign in popups that must be able to answer the page that opened them.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "cross-origin-resource-policy": "same-origin",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
