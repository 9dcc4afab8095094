import { createHash } from "node:crypto";

/** A classic or module <script> element without a src attribute, and its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** A data block (type="application/json", the runtime config): never run, so no hash allows it. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/json/i;

/**
 * The CSP hash sources ('sha256-…', CSP Level 3 §8.4) of every inline script in an HTML page, so a policy can
 * allow exactly those scripts (the app's pre-paint theme script) and no other inline code. Empty scripts,
 * scripts with a src and JSON data blocks are left out (a hash does not cover them).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || text.trim() === "" || DATA_BLOCK.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}
