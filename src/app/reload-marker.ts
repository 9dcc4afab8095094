/**
 * The reload marker: a `reloaded` query parameter in the address. A page module that fails to load while
 * the address carries it means the deployment changed under an open tab: the user is told and the page
 * reloads once, without the marker, so a second failure ends on /404 instead of looping.
 */
export const RELOAD_MARKER = "reloaded";

export function hasReloadMarker(search: string): boolean {
  return new URLSearchParams(search).has(RELOAD_MARKER);
}

/** The same address without the marker (other query parameters and the hash are kept). */
export function withoutReloadMarker(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(RELOAD_MARKER);
  return `${url.pathname}${url.search}${url.hash}`;
}
