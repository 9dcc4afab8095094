import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { app } from "../generated/index.ts";
import { firstPageTexts, SOURCE_LANGUAGE } from "./source-texts.ts";

/**
 * en_US, the source language, ships with the app (the first page's part in the entry, see source-texts.ts);
 * the others load whole when chosen (or stored), so a visitor downloads one translation, not all of them.
 */
const otherLocales = import.meta.glob<{ default: Record<string, unknown> }>(["../../locales/*.json", "!**/en_US.json"]);

async function loadLanguage(language: string): Promise<void> {
  if (language === SOURCE_LANGUAGE || i18next.hasResourceBundle(language, "translation")) return;
  const load = otherLocales[`../../locales/${language}.json`];
  if (!load) throw new Error(`locales/${language}.json is not part of the build`);
  i18next.addResourceBundle(language, "translation", (await load()).default);
}

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
  return loadLanguage(language).then(() => i18next.changeLanguage(language));
}

/** Keeps <html lang> in step with the language, for screen readers and fonts ("zh-CN"). */
i18next.on("languageChanged", (language) => {
  if (typeof document !== "undefined") document.documentElement.lang = language.replace("_", "-");
});

const initialLanguage = storedLanguage();

export const i18nReady = i18next
  .use(initReactI18next)
  .init({
    resources: { [SOURCE_LANGUAGE]: { translation: firstPageTexts } },
    lng: SOURCE_LANGUAGE,
    fallbackLng: [app.languages.default, SOURCE_LANGUAGE],
    interpolation: { escapeValue: false },
    returnNull: false,
    // A text that is in no loaded locale: a key missing from the locale files, or a first-page text whose
    // section source-texts.ts does not ship in the entry.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.error(`No text for "${key}" is loaded`),
  })
  .then(async () => {
    try {
      await Promise.all([loadLanguage(app.languages.default), loadLanguage(initialLanguage)]);
      await i18next.changeLanguage(initialLanguage);
    } catch (error) {
      // The translation could not be fetched (offline, a stale deployment): the page still opens, in en_US.
      console.warn("Interface language unavailable; showing en_US", error);
    }
  });
