import type { Chain } from "viem";
import { parseRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from "../core/runtime-config.ts";

/**
 * The runtime config the staking server wrote into this page (src/core/runtime-config.ts), read once; empty when
 * the page has none (`npm run dev`, a static host), so the build's values apply.
 */
export const runtimeConfig: RuntimeConfig = (() => {
  const element = globalThis.document?.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  return element?.textContent ? parseRuntimeConfig(element.textContent) : {};
})();

/** The public RPC URL this page uses for a chain: the runtime config's, else the chain's own (from config). */
export function runtimeRpcUrl(chainId: number, fallback: string): string {
  return runtimeConfig.rpcUrls?.[String(chainId)] ?? fallback;
}

/** The chain with the runtime config's RPC URL in place of its own, when the page was given one for it. */
export function withRuntimeRpcUrl<T extends Chain>(chain: T): T {
  const url = runtimeConfig.rpcUrls?.[String(chain.id)];
  return url === undefined ? chain : { ...chain, rpcUrls: { ...chain.rpcUrls, default: { http: [url] } } };
}
