import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./inline-script-hashes.ts";

describe("inlineScriptHashes", () => {
  it("gives the CSP hash source of an inline script's exact text (the CSP specification's own example)", () => {
    expect(inlineScriptHashes("<html><head><script>alert('Hello, world.');</script></head></html>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it("leaves out scripts with a src and empty ones, and hashes whitespace as written", () => {
    const html = [
      '<script type="module" src="/assets/index-Ab12.js"></script>',
      "<script>  </script>",
      "<SCRIPT>\nalert('Hello, world.');\n</SCRIPT>",
    ].join("");
    const [hash, ...rest] = inlineScriptHashes(html);
    expect(rest).toEqual([]);
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(hash).not.toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});
