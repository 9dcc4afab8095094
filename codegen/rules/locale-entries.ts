import { joinPointer } from "../json-pointer.ts";
import { isObject } from "./context.ts";

export interface LocaleEntry {
  readonly pointer: string;
  readonly value: unknown;
}

/** Every leaf of a locale file by its dotted key ("app.tagline"), with its JSON pointer. */
export function localeEntries(data: unknown): Map<string, LocaleEntry> {
  const entries = new Map<string, LocaleEntry>();
  const walk = (value: unknown, key: string, pointer: string) => {
    if (isObject(value)) {
      for (const [child, inner] of Object.entries(value)) {
        walk(inner, key ? `${key}.${child}` : child, joinPointer(pointer, child));
      }
      return;
    }
    entries.set(key, { pointer, value });
  };
  walk(data, "", "");
  return entries;
}

/** The language of a locale file: locales/zh_CN.json is "zh_CN". */
export const SOURCE_LANGUAGE = "en_US";
