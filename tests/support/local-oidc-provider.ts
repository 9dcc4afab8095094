export { type LocalOidcProvider, startLocalOidcProvider, type TestAccount } from "../../devnet/local-oidc-provider.ts";

/**
 * Follows the provider's redirects from `authorizationUrl` (keeping its cookies, as a browser would) until one
 * leads to `redirectUri`; that URL (the result URI, with code and state).
 */
export async function followToRedirect(authorizationUrl: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return url;
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (!location)
      throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("the provider redirected more than 10 times");
}
