import { splitPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { CheckedFile, Rule } from "./context.ts";
import { isObject } from "./context.ts";

/**
 * URLs are https on public hosts. Plain http, and loopback hosts, are accepted only in a devnet context:
 * inside an environment whose kind is "devnet", or under a "devnet" key (app.json's apiBaseUrl.devnet).
 * Credentials never sit in a URL; secrets come from environment variables.
 */
export const httpsUrls: Rule = ({ app, networks }) =>
  [...networks, ...(app ? [app] : [])].flatMap((source: CheckedFile) => {
    const problems: Problem[] = [];
    for (const mark of source.marks) {
      if (mark.kind !== "url" || typeof mark.value !== "string") continue;
      let url: URL;
      try {
        url = new URL(mark.value);
      } catch {
        continue; // the schema already reported it
      }
      const devnet = inDevnetContext(source.data, mark.pointer);
      const loopback = isLoopback(url.hostname);
      const shown = JSON.stringify(mark.value);
      const at = (message: string) => problems.push({ file: source.file, pointer: mark.pointer, message });
      if (url.username || url.password) {
        at(
          `${shown} contains a user name or password: expected a URL without credentials (put secrets in environment variables)`,
        );
      } else if (!devnet && url.protocol !== "https:") {
        at(
          `${shown} is not https: expected an https URL (plain http is accepted only for loopback hosts in a devnet environment)`,
        );
      } else if (!devnet && loopback) {
        at(
          `${shown} points at this machine: expected a public host (loopback addresses are accepted only in a devnet environment)`,
        );
      } else if (devnet && url.protocol === "http:" && !loopback) {
        at(
          `${shown} uses plain http to a host that is not loopback: expected https, or http on 127.0.0.1, localhost or [::1]`,
        );
      }
    }
    return problems;
  });

function inDevnetContext(document: unknown, pointer: string): boolean {
  let node: unknown = document;
  for (const segment of ["", ...splitPointer(pointer)]) {
    if (segment !== "")
      node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (segment === "devnet" || (isObject(node) && node.kind === "devnet")) return true;
  }
  return false;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0.0.0.0" ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  );
}
