import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { githubSlug, headingAnchors, markdownLinks } from "./support/markdown.ts";

const ROOT = resolve(import.meta.dirname, "..");

/** README.md and every Markdown page under docs/, relative to the repository root. */
function manualPages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".md") ? [path] : [];
    });
  return ["README.md", ...walk("docs")];
}

const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** What is wrong with one link of `page`, or undefined when it resolves (file, and heading for an anchor). */
function linkProblem(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: ... are not checked here
  const [rawPath = "", anchor] = target.split("#", 2);
  const path = decodeURIComponent(rawPath);
  const base = path.startsWith("/") ? ROOT : dirname(join(ROOT, page));
  const file = path === "" ? join(ROOT, page) : join(base, path);
  const shown = relative(ROOT, file);
  if (shown.startsWith("..")) return `points outside the repository (${shown})`;
  if (!existsSync(file)) return `${shown} does not exist`;
  if (anchor === undefined) return undefined;
  const headed = statSync(file).isDirectory() ? join(file, "README.md") : file;
  if (!headed.endsWith(".md") || !existsSync(headed))
    return `#${anchor} needs a Markdown page, and ${shown} is not one`;
  const anchors = headingAnchors(readFileSync(headed, "utf8"));
  if (anchors.has(anchor)) return undefined;
  return `${relative(ROOT, headed)} has no heading with the anchor #${anchor} (it has: ${[...anchors].join(", ")})`;
}

describe("the manual (README.md and docs/)", () => {
  it("links only to files that exist, and to headings that exist in them", () => {
    const problems = manualPages().flatMap((page) =>
      markdownLinks(read(page)).flatMap(({ line, target }) => {
        const problem = linkProblem(page, target);
        return problem ? [`${page}:${line}  (${target})  ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("names only npm scripts that package.json defines", () => {
    const scripts = Object.keys(JSON.parse(read("package.json")).scripts as Record<string, string>);
    const problems = manualPages().flatMap((page) =>
      read(page)
        .split("\n")
        .flatMap((text, index) =>
          [...text.matchAll(/\bnpm (?:run ([A-Za-z0-9][\w:.-]*)|(start|test)\b)/g)]
            .map((match) => match[1] ?? match[2] ?? "")
            .filter((script) => !scripts.includes(script))
            .map((script) => `${page}:${index + 1}  "${script}" is not a script of package.json`),
        ),
    );
    expect(problems).toEqual([]);
  });

  it("keeps README.md a landing page of at most 200 lines that leads to the docs index", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
    expect(markdownLinks(readme).map((link) => link.target)).toContain("docs/README.md");
  });

  it("lists every page in the docs index, and each page says at its top who it is for", () => {
    const pages = manualPages().filter((page) => page.startsWith("docs/") && page !== "docs/README.md");
    const indexed = new Set(markdownLinks(read("docs/README.md")).map((link) => `docs/${link.target.split("#")[0]}`));
    expect(pages.filter((page) => !indexed.has(page))).toEqual([]);
    const withoutAudience = manualPages().filter(
      (page) => page !== "README.md" && !/^\*\*For:\*\* /m.test(read(page).split("\n").slice(0, 5).join("\n")),
    );
    expect(withoutAudience).toEqual([]);
  });

  it("computes anchors as GitHub does", () => {
    expect(githubSlug("Threat model: the server's side")).toBe("threat-model-the-servers-side");
    expect(githubSlug("Walking the SSV flow on `npm start`")).toBe("walking-the-ssv-flow-on-npm-start");
    expect(githubSlug("Embedded e-mail wallet: keys and threat model")).toBe(
      "embedded-e-mail-wallet-keys-and-threat-model",
    );
    expect(githubSlug("Application settings (`networks/app.json`)")).toBe("application-settings-networksappjson");
    expect([...headingAnchors("# A\n## A\n```\n# not a heading\n```\n## A\n")]).toEqual(["a", "a-1", "a-2"]);
  });
});
