import type { SocialProvider } from "../features/features.ts";

/** Telegram's in-app browser and the platform it runs on, as far as the spec's filtering needs. */
export type TelegramPlatform = "ios" | "mac" | "android" | "other";

interface BrowserLike {
  readonly TelegramWebviewProxy?: unknown;
  readonly TelegramWebviewProxyProto?: unknown;
  readonly Telegram?: unknown;
  readonly navigator: { readonly userAgent: string };
}

/**
 * The platform of Telegram's in-app browser, or undefined outside Telegram. Telegram injects
 * `TelegramWebviewProxy` (mobile) or `Telegram` (desktop and Mini Apps) into the pages it shows.
 */
export function telegramPlatform(browser: BrowserLike): TelegramPlatform | undefined {
  const inTelegram =
    browser.TelegramWebviewProxy !== undefined ||
    browser.TelegramWebviewProxyProto !== undefined ||
    browser.Telegram !== undefined;
  if (!inTelegram) return undefined;
  const agent = browser.navigator.userAgent;
  if (/iPhone|iPad|iPod/.test(agent)) return "ios";
  if (/Macintosh/.test(agent)) return "mac";
  if (/Android/.test(agent)) return "android";
  return "other";
}

/** What Telegram's in-app browser cannot complete (spec section 9: iOS drops google; Mac drops x; Android drops facebook and x). */
const DROPPED_IN_TELEGRAM: Record<TelegramPlatform, readonly SocialProvider[]> = {
  ios: ["google"],
  mac: ["x"],
  android: ["facebook", "x"],
  other: [],
};

/**
 * The social buttons to show: the feature flag's list, in its order, keeping only providers the server has
 * configured, then dropping those Telegram's in-app browser on that platform cannot complete.
 */
export function offeredSocials(
  socials: readonly SocialProvider[] | false,
  configured: readonly string[],
  telegram: TelegramPlatform | undefined,
): SocialProvider[] {
  if (socials === false) return [];
  const dropped = telegram ? DROPPED_IN_TELEGRAM[telegram] : [];
  return socials.filter((social) => configured.includes(social) && !dropped.includes(social));
}
