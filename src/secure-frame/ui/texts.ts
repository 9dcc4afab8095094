import { secureFrame as en } from "../../../locales/en_US.json";
import { secureFrame as zh } from "../../../locales/zh_CN.json";

/** The frame's texts (locales/*.json "secureFrame", only that part is bundled), in the browser's language. */
export type FrameTextKey = keyof typeof en;

const table: Record<FrameTextKey, string> = navigator.language.toLowerCase().startsWith("zh") ? zh : en;

export function text(key: FrameTextKey, values: Record<string, string> = {}): string {
  return table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
