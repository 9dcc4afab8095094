import type { Problem } from "../problem.ts";
import type { CheckedFile, Rule } from "./context.ts";
import { localeEntries } from "./locale-entries.ts";

/** Every locale key a config file names (descriptionKey, labelKey) has a text in every locale file. */
export const localeKeysExist: Rule = ({ app, networks, locales }) => {
  const texts = locales.map((locale) => ({ file: locale.file, entries: localeEntries(locale.data) }));
  return [...networks, ...(app ? [app] : [])].flatMap((source: CheckedFile) => {
    const problems: Problem[] = [];
    for (const mark of source.marks) {
      if (mark.kind !== "locale-key" || typeof mark.value !== "string") continue;
      const key = mark.value;
      const missing = texts
        .filter(({ entries }) => typeof entries.get(key)?.value !== "string")
        .map(({ file }) => file);
      if (missing.length === 0) continue;
      problems.push({
        file: source.file,
        pointer: mark.pointer,
        message: `"${key}" has no text in ${missing.join(" and ")}: expected the key in every locale file (${texts.map(({ file }) => file).join(", ")})`,
      });
    }
    return problems;
  });
};
