const LOOPBACK_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/;

/** Whether a page origin may use the kit with this server: one of CORS_ORIGINS, or loopback when none is set. */
export function originAllowed(origin: string | undefined, allowedOrigins: readonly string[]): origin is string {
  if (!origin) return false;
  return allowedOrigins.length > 0 ? allowedOrigins.includes(origin) : LOOPBACK_ORIGIN.test(origin);
}
