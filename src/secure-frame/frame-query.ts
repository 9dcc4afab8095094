import { frameLanguage } from "./ui/texts.ts";

/** What the kit tells the frame in its URL's query. */
export interface FrameQuery {
  readonly chainId: number;
  readonly enableLogger: boolean;
  /** One of the app's locales ("en_US", "zh_CN"); anything else is en_US. */
  readonly locale: string;
}

/**
 * Reads the frame's query (projectId, chainId, version, enableLogger, locale): the locale is there so the frame's
 * first dialog is in the app's language even before SYNC_DAPP_DATA arrives.
 */
export function parseFrameQuery(search: string): FrameQuery {
  const query = new URLSearchParams(search);
  return {
    chainId: Number(query.get("chainId")) || 1,
    enableLogger: query.get("enableLogger") === "true",
    locale: frameLanguage(query.get("locale")),
  };
}
