import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enUS from "../../locales/en_US.json";
import zhCN from "../../locales/zh_CN.json";
import { app } from "../generated/index.ts";

/** Where the chosen language is kept (spec: localStorage key "language"). */
export const LANGUAGE_STORAGE_KEY = "language";

export type Language = (typeof app.languages.supported)[number];

export function isLanguage(value: string): value is Language {
  return (app.languages.supported as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (stored && isLanguage(stored)) return stored;
  } catch {
    // storage can be unavailable (private mode); fall back to the default
  }
  return app.languages.default;
}

export function setLanguage(language: Language): Promise<unknown> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not persisted; the switch still applies for this visit
  }
  return i18next.changeLanguage(language);
}

/** Keeps <html lang> in step with the language, for screen readers and fonts ("zh-CN"). */
i18next.on("languageChanged", (language) => {
  if (typeof document !== "undefined") document.documentElement.lang = language.replace("_", "-");
});

export const i18nReady = i18next.use(initReactI18next).init({
  resources: { en_US: { translation: enUS }, zh_CN: { translation: zhCN } },
  lng: storedLanguage(),
  fallbackLng: app.languages.default,
  interpolation: { escapeValue: false },
  returnNull: false,
});
