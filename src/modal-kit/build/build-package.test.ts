import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkJavaScriptImports, finishDeclarations, KIT_PACKAGE_NAME, kitPackageJson } from "./build-package.ts";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const rootPackage = JSON.parse(read("../../../package.json"));

describe("the kit's package (npm run build:kit)", () => {
  it("has the quick start of its README as the example host's main.tsx, line for line", () => {
    const readme = read("../README.md");
    const quickStart = readme.slice(readme.indexOf("## Quick start"));
    const code = /```tsx\n([\s\S]*?)```/.exec(quickStart)?.[1];
    expect(code).toBe(read("../../../examples/kit-host/main.tsx"));
    expect(code?.split("\n").length).toBeLessThanOrEqual(25);
  });

  it("describes an ES module package with its entry, styles, locales and declarations, the peers from package.json", () => {
    const built = kitPackageJson(rootPackage);
    expect(built).toMatchObject({
      name: KIT_PACKAGE_NAME,
      version: rootPackage.version,
      type: "module",
      types: "./types/modal-kit/index.d.ts",
      sideEffects: ["*.css"],
      exports: {
        ".": { types: "./types/modal-kit/index.d.ts", default: "./index.js" },
        "./styles.css": "./styles.css",
        "./locales/*": "./locales/*",
      },
      peerDependencies: {
        react: rootPackage.dependencies.react,
        "react-dom": rootPackage.dependencies["react-dom"],
        wagmi: rootPackage.dependencies.wagmi,
        viem: rootPackage.dependencies.viem,
        "@tanstack/react-query": rootPackage.dependencies["@tanstack/react-query"],
      },
      peerDependenciesMeta: { "@walletconnect/ethereum-provider": { optional: true }, vite: { optional: true } },
    });
    // No dependencies of its own: what the kit uses besides its peers is bundled in.
    expect(built).not.toHaveProperty("dependencies");
  });

  it("refuses a repository that does not name a peer's version", () => {
    const { react: _react, ...withoutReact } = rootPackage.dependencies;
    expect(() => kitPackageJson({ ...rootPackage, dependencies: withoutReact })).toThrow(
      "package.json does not depend on react, which the kit needs from its host",
    );
  });

  describe("checks what it writes", () => {
    let dir: string;
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      dir = mkdtempSync(join(tmpdir(), "kit-package-"));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    };
    const PLUGIN_TYPES = "types/modal-kit/build/narrow-viem-dynamic-imports.d.ts";
    // Written so that the repository's import-rule test does not read these texts as this file's own imports.
    const local = (path: string) => `"./${path}"`;

    it("points the declarations' imports at .js files and keeps only those the entries reach", () => {
      write({
        "types/modal-kit/index.d.ts": `export type { A } from ${local("a.ts")};\nexport { B } from ${local("b.tsx")};\n`,
        "types/modal-kit/a.d.ts": 'import type { Chain } from "viem";\nexport type A = Chain;\n',
        "types/modal-kit/b.d.ts": "export declare const B: 1;\n",
        "types/modal-kit/lazy/unreached.d.ts":
          'import * as z from "zod/mini";\nexport declare const c: z.ZodMiniString;\n',
        [PLUGIN_TYPES]: 'import type { Plugin } from "vite";\nexport declare function plugin(): Plugin;\n',
      });
      finishDeclarations(dir);
      expect(readFileSync(join(dir, "types/modal-kit/index.d.ts"), "utf8")).toBe(
        `export type { A } from ${local("a.js")};\nexport { B } from ${local("b.js")};\n`,
      );
      expect(existsSync(join(dir, "types/modal-kit/a.d.ts"))).toBe(true);
      expect(existsSync(join(dir, "types/modal-kit/lazy"))).toBe(false);
    });

    it("refuses declarations that import a package the host does not provide", () => {
      write({
        "types/modal-kit/index.d.ts": `export type { Listing } from ${local("listing.ts")};\n`,
        "types/modal-kit/listing.d.ts": 'import * as z from "zod/mini";\nexport type Listing = z.ZodMiniString;\n',
        [PLUGIN_TYPES]: "export {};\n",
      });
      expect(() => finishDeclarations(dir)).toThrow(
        "The kit's declarations are not self-contained:\ntypes/modal-kit/listing.d.ts imports zod/mini, which is not a peer dependency",
      );
    });

    it("refuses JavaScript that imports a package neither bundled nor a peer", () => {
      write({
        "index.js": `import { useState } from "react";\nconst later = () => import(${local("chunks/a.js")});\n`,
        "chunks/a.js": 'import { encode } from "qr";\nexport { encode };\n',
      });
      expect(() => checkJavaScriptImports(dir)).toThrow(
        "The kit's JavaScript is not self-contained:\nchunks/a.js imports qr, which is neither bundled nor a peer",
      );
    });
  });
});
