/**
 * Just enough Markdown reading for the docs link test: headings and their anchors (GitHub's rules), and the
 * links and images of a page, each with its line, outside code blocks and code spans.
 */

/** The text with fenced code blocks and inline code spans blanked out, line breaks kept (so line numbers hold). */
export function withoutCode(text: string): string {
  const blankKeepingLines = (code: string) => code.replace(/[^\n]/g, " ");
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blankKeepingLines)
    .replace(/(`+)[\s\S]*?\1/g, blankKeepingLines);
}

/** The text with fenced code blocks blanked out, line breaks kept; code spans stay (headings may hold them). */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (code) => code.replace(/[^\n]/g, " "));
}

/**
 * The anchor GitHub gives a heading (github-slugger): its text as rendered (link targets, backticks and
 * emphasis marks dropped), lower case, every character that is not a letter, mark, digit, connector, space or
 * hyphen removed, each space turned into a hyphen.
 */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a page's headings define, repeated ones numbered as GitHub does (`name`, `name-1`, ...). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = githubSlug(match[1] ?? "");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** The targets of a page's inline links and images (`[text](target)`, `![alt](target "title")`). */
export function markdownLinks(text: string): MarkdownLink[] {
  const prose = withoutCode(text);
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
    line: prose.slice(0, match.index).split("\n").length,
    target: match[1] ?? "",
  }));
}
