import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";
import { localeEntries, SOURCE_LANGUAGE } from "./locale-entries.ts";

const PLACEHOLDER = /\{\{\s*([^}\s,]+)[^}]*\}\}/g;

/**
 * Every locale file has exactly the source locale's keys, each a non-empty text with the same
 * {{placeholders}}, so no screen ever shows a raw key or drops a number in one language.
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
    for (const [key, { pointer, value }] of reference) {
      if (entries.has(key) || typeof value !== "string") continue;
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
