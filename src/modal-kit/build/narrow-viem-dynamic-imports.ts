import type { Plugin } from "vite";

/** Prefix of the small modules that replace `await import("viem")` in dependencies. */
const SUBSET_PREFIX = "modal-kit-viem-subset:";
/** `const { a, b } = await import("viem")` (or let / var), as dependencies ship it, minified or not. */
const DESTRUCTURED_DYNAMIC_VIEM = /\b(const|let|var)\s*\{([^}]*)\}\s*=\s*await\s+import\(\s*(["'])viem\3\s*\)/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The viem exports a `{ ... }` pattern takes (`a`, `a: b`), or undefined when it is not a plain list. */
function destructuredNames(pattern: string): string[] | undefined {
  const names = pattern
    .split(",")
    .map((part) => part.split(":")[0]?.trim() ?? "")
    .filter((name) => name !== "");
  return names.length > 0 && names.every((name) => IDENTIFIER.test(name)) ? names : undefined;
}

/**
 * Vite (rolldown) plugin for hosts that bundle the modal kit. WalletConnect's provider brings Reown's
 * controllers, which load viem with `await import("viem")`: a dynamic import of viem's whole barrel, so the
 * bundler keeps every viem module and links all of them to the barrel. wagmi and the kit import that same
 * barrel statically, so every viem module (about 85 KB gzip) ends up in chunks the modal loads when it opens,
 * although the modal needs few of them and WalletConnect loads only when the user picks it.
 *
 * The plugin rewrites such a destructured `await import("viem")` (in dependencies or not) to a small module that
 * re-exports only the names taken, so the bundler splits viem by use again. Nothing else changes: the same
 * viem functions load when that code runs.
 */
export function narrowViemDynamicImports(): Plugin {
  return {
    name: "modal-kit:narrow-viem-dynamic-imports",
    apply: "build",
    resolveId(source) {
      return source.startsWith(SUBSET_PREFIX) ? `\0${source}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${SUBSET_PREFIX}`)) return undefined;
      return `export { ${id.slice(SUBSET_PREFIX.length + 1)} } from "viem";\n`;
    },
    transform(code, id) {
      if (id.startsWith("\0") || !code.includes("import(")) return undefined;
      let changed = false;
      const rewritten = code.replace(
        DESTRUCTURED_DYNAMIC_VIEM,
        (whole, keyword: string, pattern: string, quote: string) => {
          const names = destructuredNames(pattern);
          if (!names) return whole;
          changed = true;
          return `${keyword} {${pattern}} = await import(${quote}${SUBSET_PREFIX}${names.join(",")}${quote})`;
        },
      );
      return changed ? { code: rewritten, map: null } : undefined;
    },
  };
}
