/**
 * An RPC URL as it may be printed: scheme and host only. Provider URLs often carry an API key in the path, the
 * query or the user info, so those are never shown.
 */
export function redactUrl(url: URL): string {
  const hidden = url.username || url.password || url.pathname.length > 1 || url.search ? "/…" : "";
  return `${url.protocol}//${url.host}${hidden}`;
}
