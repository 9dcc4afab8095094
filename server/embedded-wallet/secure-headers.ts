/**
 * The secure origin's response headers. Its CSP lets only the allowed host pages frame it (frame-ancestors),
 * loads everything from itself, and connects only to itself (this API) and the app's origin (the RPC proxy the
 * frame reads chains through). No X-Frame-Options: being framed by the allowed pages is its purpose.
 */
export function secureOriginHeaders(input: {
  readonly allowedOrigins: readonly string[];
  /** The app's API origins: PUBLIC_BASE_URL's, and the served builds' apiBaseUrl (the RPC proxy is there). */
  readonly appOrigins: readonly string[];
  /** SECURE_ORIGIN is https: browsers are told to use nothing else for a year (HSTS). */
  readonly https: boolean;
}): Record<string, string> {
  const self = "'self'";
  const directives: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["default-src", [self]],
    ["script-src", [self]],
    ["style-src", [self]],
    ["img-src", [self, "data:"]],
    ["connect-src", [...new Set([self, ...input.appOrigins])]],
    ["frame-ancestors", input.allowedOrigins.length > 0 ? input.allowedOrigins : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", [self]],
    ["form-action", [self]],
  ];
  return {
    "content-security-policy": directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(input.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
