/**
 * What the staking server tells the page it serves at run time, beside what the build knows: the API base and the
 * chains' public RPC URLs of this stack, so one build runs on any ports (a second `npm start` on other ports).
 * The server writes it into index.html as a JSON data block (`<script type="application/json">`, never run, so the
 * Content-Security-Policy needs no hash for it and the page waits for no extra request); without one, the build's
 * values apply. Nothing secret goes in it.
 */
export interface RuntimeConfig {
  /** The staking API's base address, without a trailing slash, instead of networks/app.json apiBaseUrl. */
  readonly apiBaseUrl?: string;
  /** Chain id → the public JSON-RPC URL to use for that chain instead of networks/*.json rpcUrls. */
  readonly rpcUrls?: Readonly<Record<string, string>>;
}

/** The id of the data block in index.html. */
export const RUNTIME_CONFIG_ELEMENT_ID = "runtime-config";

const HTTP_URL = /^https?:\/\/[^\s/]+[^\s]*$/;

/** Reads the data block's text; a block that is not such a document is an error naming what is wrong. */
export function parseRuntimeConfig(text: string): RuntimeConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`the page's runtime config (#${RUNTIME_CONFIG_ELEMENT_ID}) is not JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`the page's runtime config (#${RUNTIME_CONFIG_ELEMENT_ID}) must be an object`);
  const { apiBaseUrl, rpcUrls } = value as { apiBaseUrl?: unknown; rpcUrls?: unknown };
  if (apiBaseUrl !== undefined && (typeof apiBaseUrl !== "string" || !HTTP_URL.test(apiBaseUrl)))
    throw new Error(`the page's runtime config: apiBaseUrl must be an http(s) URL, got ${JSON.stringify(apiBaseUrl)}`);
  if (rpcUrls !== undefined) {
    if (typeof rpcUrls !== "object" || rpcUrls === null || Array.isArray(rpcUrls))
      throw new Error("the page's runtime config: rpcUrls must map chain ids to http(s) URLs");
    for (const [chainId, url] of Object.entries(rpcUrls))
      if (!/^\d+$/.test(chainId) || typeof url !== "string" || !HTTP_URL.test(url))
        throw new Error(
          `the page's runtime config: rpcUrls must map chain ids to http(s) URLs, got ${JSON.stringify(chainId)}: ${JSON.stringify(url)}`,
        );
  }
  return {
    ...(apiBaseUrl === undefined ? {} : { apiBaseUrl: (apiBaseUrl as string).replace(/\/+$/, "") }),
    ...(rpcUrls === undefined ? {} : { rpcUrls: rpcUrls as Record<string, string> }),
  };
}

/** The data block for index.html: JSON with "<" escaped, so no value can close the element. */
export function runtimeConfigElement(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}
