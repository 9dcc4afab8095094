import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { KIT_PACKAGE_NAME, kitPackageJson } from "./build-package.ts";

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
});
