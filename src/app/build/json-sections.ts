import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

const SUFFIX = "?first-page";

/**
 * `import * as texts from "./file.json?first-page"`: the JSON file's top-level sections as named exports of a
 * module separate from the file's own, so a build bundles only the sections read from it (the home page's
 * texts, see src/app/source-texts.ts) while the whole file can still be imported lazily.
 */
export function jsonSections(): Plugin {
  return {
    name: "json-sections",
    enforce: "pre",
    load(id) {
      if (!id.endsWith(`.json${SUFFIX}`)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const code = Object.entries(data)
        .map(([key, value]) => {
          if (!/^[A-Za-z_$][\w$]*$/.test(key)) this.error(`${file}: section "${key}" is not a JavaScript name`);
          return `export const ${key} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
        })
        .join("\n");
      return { code, moduleType: "js" };
    },
  };
}
