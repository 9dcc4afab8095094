import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";
import { localeEntries, SOURCE_LANGUAGE } from "./locale-entries.ts";

const PLACEHOLDER = /\{\{\s*([^}\s,]+)[^}]*\}\}/g;

/**
 * Every locale file has exactly the source locale's keys, each a non-empty text with the same
 * {{placeholders}}, so no screen ever shows a raw key or drops a number in one language. An i18next plural
 * form the language does not have is not required: Chinese has only "other", so "votes_other" serves where
 * en_US has "votes_one" and "votes_other".
 */
export const localeParity: Rule = ({ app, locales }) => {
  const sourceLanguage =
    isObject(app?.data) && isObject(app.data.languages) && typeof app.data.languages.default === "string"
      ? app.data.languages.default
      : SOURCE_LANGUAGE;
  const source = locales.find((locale) => locale.name === sourceLanguage);
  if (!source) return [];
  const reference = localeEntries(source.data);
  const problems: Problem[] = [];
  for (const locale of locales) {
    const entries = localeEntries(locale.data);
    for (const [key, { pointer, value }] of entries) {
      const at = (message: string) => problems.push({ file: locale.file, pointer, message });
      if (typeof value !== "string") {
        at(
          `${key ? `"${key}" ` : ""}is ${value === null ? "null" : Array.isArray(value) ? "a list" : `a ${typeof value}`}: expected a text (string) or an object of texts`,
        );
        continue;
      }
      if (value.trim() === "") {
        at(
          `"${key}" is empty: expected a text${locale === source ? "" : ` (en_US reads ${JSON.stringify(reference.get(key)?.value ?? "")})`}`,
        );
        continue;
      }
      if (locale === source) continue;
      const original = reference.get(key);
      if (!original) {
        at(`"${key}" is not in ${source.file}, the source locale: expected every key to exist there first`);
        continue;
      }
      if (typeof original.value !== "string") continue;
      const expected = placeholders(original.value);
      const actual = placeholders(value);
      if (expected !== actual) {
        at(
          `"${key}" uses the placeholders ${actual || "(none)"} but ${source.file} uses ${expected || "(none)"}: expected the same placeholders`,
        );
      }
    }
    if (locale === source) continue;
    const categories = pluralCategoriesOf(locale.name);
    for (const [key, { pointer, value }] of reference) {
      if (entries.has(key) || typeof value !== "string") continue;
      if (isPluralFormTheLanguageLacks(key, categories, entries)) continue;
      problems.push({
        file: locale.file,
        pointer,
        message: `"${key}" is missing: expected a translation of ${source.file}'s ${JSON.stringify(value)}`,
      });
    }
  }
  return problems;
};

function placeholders(text: string): string {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => `{{${match[1]}}}`))].sort().join(", ");
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many)$/;

/** The plural categories of a locale file's language ("zh_CN" → other), or undefined when Intl does not know it. */
function pluralCategoriesOf(name: string): ReadonlySet<string> | undefined {
  try {
    return new Set(new Intl.PluralRules(name.replace("_", "-")).resolvedOptions().pluralCategories);
  } catch {
    return undefined;
  }
}

function isPluralFormTheLanguageLacks(
  key: string,
  categories: ReadonlySet<string> | undefined,
  entries: ReadonlyMap<string, unknown>,
): boolean {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match || !categories || categories.has(match[1] as string)) return false;
  return entries.has(key.replace(PLURAL_SUFFIX, "_other"));
}
