const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function hue(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/**
 * A wallet icon drawn from its name: the initial on a colour derived from the name (the same name always gets
 * the same colour), as SVG text. The kit uses it when a real icon does not load; the staking server serves it
 * as the catalogue's wallet images, since the repository ships no third-party logos.
 */
export function walletInitialSvg(name: string): string {
  const initial = ([...name.trim()][0] ?? "?").toUpperCase().replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  const h = hue(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="hsl(${h} 55% 45%)"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="30" font-weight="600" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
}
