import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";

/** The default language is among the supported ones, and each supported language has a locale file. */
export const appLanguages: Rule = ({ app, locales }) => {
  if (!app || !isObject(app.data) || !isObject(app.data.languages)) return [];
  const problems: Problem[] = [];
  const { languages } = app.data;
  const supported = arrayAt(languages.supported).filter((value): value is string => typeof value === "string");
  if (typeof languages.default === "string" && supported.length > 0 && !supported.includes(languages.default)) {
    problems.push({
      file: app.file,
      pointer: "/languages/default",
      message: `"${languages.default}" is not among the supported languages: expected one of ${supported.map((value) => `"${value}"`).join(", ")}`,
    });
  }
  const files = new Set(locales.map((locale) => locale.name));
  arrayAt(languages.supported).forEach((language, index) => {
    if (typeof language === "string" && !files.has(language)) {
      problems.push({
        file: app.file,
        pointer: joinPointer("/languages/supported", index),
        message: `"${language}" has no locale file: expected locales/${language}.json with the same keys as the default language`,
      });
    }
  });
  return problems;
};
