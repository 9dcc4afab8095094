import { createHash } from "node:crypto";
import { type RuntimeConfig, runtimeConfigElement } from "../../src/core/runtime-config.ts";
import type { AppFile } from "./app-files.ts";
import type { ServedAppSettings } from "./app-security-headers.ts";

/** What the served app is told at run time (APP_API_BASE_URL, APP_RPC_URLS); undefined when there is nothing. */
export function runtimeConfigOf(config: Pick<ServedAppSettings, "APP_API_BASE_URL" | "APP_RPC_URLS">) {
  const runtime: RuntimeConfig = {
    ...(config.APP_API_BASE_URL ? { apiBaseUrl: config.APP_API_BASE_URL } : {}),
    ...(config.APP_RPC_URLS && Object.keys(config.APP_RPC_URLS).length > 0 ? { rpcUrls: config.APP_RPC_URLS } : {}),
  };
  return Object.keys(runtime).length > 0 ? runtime : undefined;
}

/**
 * index.html with the runtime config as a JSON data block at the end of its head, read by the app before it
 * starts (src/lib/runtime-config.ts); the file as built when there is none. Inline, so the first paint waits for
 * no request; a data block, so it is never run and the Content-Security-Policy allows no new script.
 */
export function withRuntimeConfig(index: AppFile, runtime: RuntimeConfig | undefined): AppFile {
  if (!runtime) return index;
  const html = index.body.toString("utf8");
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("SERVE_APP_DIR's index.html has no </head> to put the runtime config before");
  const body = Buffer.from(`${html.slice(0, at)}${runtimeConfigElement(runtime)}\n  ${html.slice(at)}`, "utf8");
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { ...index, body, etag, compressible: index.compressible || body.length >= 1024 };
}
