import { secureFrame as en } from "../../../locales/en_US.json";
import { secureFrame as zh } from "../../../locales/zh_CN.json";

/**
 * The frame's texts (locales/*.json "secureFrame", only that part is bundled), in the app's language: the kit
 * gives it in the frame's query (`locale`, "en_US", "zh_CN") and with SYNC_DAPP_DATA whenever the app switches.
 */
export type FrameTextKey = keyof typeof en;

const tables: Record<string, Record<FrameTextKey, string>> = { en_US: en, zh_CN: zh };
let language = "en_US";

/** `locale` when it is one of the app's locales, else en_US. */
export function frameLanguage(locale: string | null): string {
  return locale !== null && Object.hasOwn(tables, locale) ? locale : "en_US";
}

/** Switches the frame's texts to `locale` (unknown locales give en_US) and tells screen readers the new language. */
export function setLanguage(locale: string): void {
  language = frameLanguage(locale);
  if (typeof document !== "undefined") document.documentElement.lang = language.replace("_", "-");
}

export function text(key: FrameTextKey, values: Record<string, string> = {}): string {
  return (tables[language] ?? en)[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
