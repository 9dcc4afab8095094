import { unknownEnvironmentProblem } from "./environment-names.ts";

/** One validator client of a network environment, from KEYMANAGER_CLIENTS_<NETWORK>_<ENVIRONMENT>. */
export interface KeymanagerClientConfig {
  /** The operator's stable id: keys are assigned to it, never to its URL. */
  readonly id: string;
  /** Keymanager API base URL (secret: never logged or shown). */
  readonly url: string;
  /** Its own bearer token, KEYMANAGER_TOKEN_<NETWORK>_<ENVIRONMENT>_<ID>. */
  readonly token: string;
  /** Share of new keys (KEYMANAGER_WEIGHTS_*; 1 each without it, 0 takes none). */
  readonly weight: number;
}

const CLIENTS = "KEYMANAGER_CLIENTS_";
const TOKEN = "KEYMANAGER_TOKEN_";
const WEIGHTS = "KEYMANAGER_WEIGHTS_";
const LEGACY_URLS = "KEYMANAGER_URLS_";
const ID = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const MAX_WEIGHT = 1_000;

/** The token variable of client `id` of environment `key` ("ETHEREUM_HOODI", "teku-b" → ..._ETHEREUM_HOODI_TEKU_B). */
export function keymanagerTokenVariable(key: string, id: string): string {
  return `${TOKEN}${key}_${id.toUpperCase().replaceAll("-", "_")}`;
}

/** Loopback hosts, where plain http never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function migrationHint(key: string): string {
  return (
    `each validator client now has a stable id and its own token, and each key runs in one of them: set ` +
    `${CLIENTS}${key}=<id>=<url>[,<id>=<url>...] (ids: lower-case letters, digits and "-", e.g. ` +
    `lighthouse-a=https://vc1.example:7500) and ${keymanagerTokenVariable(key, "<id>")} for each; give each ` +
    `client the URL it has now for the first start, so the keys it holds stay with it (README, Validator clients)`
  );
}

/** What is wrong with one "id=url" item of KEYMANAGER_CLIENTS_*, or the parsed id and URL. */
function parseItem(item: string, position: string): { id: string; url: string } | string {
  const at = item.indexOf("=");
  const id = at < 0 ? "" : item.slice(0, at).trim();
  const text = at < 0 ? item : item.slice(at + 1).trim();
  if (at < 0 || !ID.test(id)) {
    return `item ${position}: expected <id>=<url>, the id 1-32 lower-case letters, digits and "-" (e.g. lighthouse-a=https://vc1.example:7500)${at < 0 ? "" : `; got the id "${id.slice(0, 40)}"`}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `client "${id}": expected an http(s) URL after "=" (not shown: it may hold a credential)`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return `client "${id}": expected an http(s) URL, got a ${url.protocol.replace(/:$/, "")} URL`;
  }
  if (url.protocol === "http:" && !isLoopback(url.hostname)) {
    return (
      `client "${id}": plain http is allowed only on loopback (127.0.0.1, ::1, localhost); use https, so its ` +
      "token and the keystore passwords are encrypted on the way"
    );
  }
  return { id, url: text.replace(/\/+$/, "") };
}

/** KEYMANAGER_WEIGHTS_<key> ("lighthouse-a:2,teku-b:1") by client id, or the problem with it. */
function parseWeights(value: string, ids: readonly string[]): Map<string, number> | string {
  const weights = new Map<string, number>();
  for (const item of value.split(",").map((part) => part.trim())) {
    const match = /^([a-z0-9-]+):(\d+)$/.exec(item);
    if (!match?.[1] || match[2] === undefined) {
      return `expected <id>:<weight>, comma-separated (e.g. lighthouse-a:2,teku-b:1); got "${item.slice(0, 60)}"`;
    }
    const weight = Number(match[2]);
    if (!ids.includes(match[1])) return `"${match[1]}" is not a client id of this environment (${ids.join(", ")})`;
    if (weights.has(match[1])) return `client "${match[1]}" is given twice`;
    if (weight > MAX_WEIGHT) return `client "${match[1]}": a weight is a whole number from 0 to ${MAX_WEIGHT}`;
    weights.set(match[1], weight);
  }
  const missing = ids.filter((id) => !weights.has(id));
  if (missing.length > 0) {
    return `no weight for client ${missing.map((id) => `"${id}"`).join(", ")}: give every client one (0: it takes no new keys)`;
  }
  if ([...weights.values()].every((weight) => weight === 0)) return "at least one client needs a weight above 0";
  return weights;
}

/**
 * Validator clients by environment key ("ETHEREUM_HOODI") from KEYMANAGER_CLIENTS_<ENV> (id=url pairs),
 * KEYMANAGER_TOKEN_<ENV>_<ID> and KEYMANAGER_WEIGHTS_<ENV>. Problems name the variable and the client id,
 * never a URL or a token. KEYMANAGER_URLS_* (one URL list, one token) is refused with how to migrate.
 */
export function parseKeymanagerClients(
  env: NodeJS.ProcessEnv,
  problems: string[],
  environments: readonly string[],
): Map<string, KeymanagerClientConfig[]> {
  const result = new Map<string, KeymanagerClientConfig[]>();
  const usedTokens = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(LEGACY_URLS) && value !== undefined) {
      problems.push(`  ${name}: no longer read: ${migrationHint(name.slice(LEGACY_URLS.length))}`);
    }
  }
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(CLIENTS) || value === undefined) continue;
    const key = name.slice(CLIENTS.length);
    const unknown = unknownEnvironmentProblem(CLIENTS, key, environments);
    if (unknown) problems.push(`  ${name}: ${unknown}`);
    const items = value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length === 0) {
      problems.push(
        `  ${name}: expected <id>=<url> pairs, comma-separated (e.g. lighthouse-a=https://vc1.example:7500)`,
      );
      continue;
    }
    const parsed: { id: string; url: string }[] = [];
    for (const [index, item] of items.entries()) {
      const entry = parseItem(item, `${index + 1} of ${items.length}`);
      if (typeof entry === "string") problems.push(`  ${name}: ${entry}`);
      else if (parsed.some((other) => other.id === entry.id))
        problems.push(`  ${name}: client "${entry.id}" is listed twice; each id names one validator client`);
      else if (parsed.some((other) => other.url === entry.url))
        problems.push(
          `  ${name}: clients "${parsed.find((other) => other.url === entry.url)?.id}" and "${entry.id}" have the same URL; one validator client has one id`,
        );
      else parsed.push(entry);
    }
    for (const entry of parsed) usedTokens.add(keymanagerTokenVariable(key, entry.id));
    if (parsed.length !== items.length) continue;
    const weightsValue = env[`${WEIGHTS}${key}`];
    const weights =
      weightsValue === undefined
        ? undefined
        : parseWeights(
            weightsValue,
            parsed.map((entry) => entry.id),
          );
    if (typeof weights === "string") {
      problems.push(`  ${WEIGHTS}${key}: ${weights}`);
      continue;
    }
    const clients: KeymanagerClientConfig[] = [];
    const tokens = new Map<string, string>();
    for (const entry of parsed) {
      const tokenName = keymanagerTokenVariable(key, entry.id);
      const token = env[tokenName]?.trim();
      if (!token) {
        problems.push(`  ${tokenName}: required with ${name}: client "${entry.id}"'s own Keymanager API token`);
        continue;
      }
      const twin = tokens.get(token);
      if (twin) {
        problems.push(
          `  ${tokenName}: the same token as client "${twin}"; each validator client has its own token, so one never learns another's`,
        );
        continue;
      }
      tokens.set(token, entry.id);
      clients.push({ ...entry, token, weight: weights?.get(entry.id) ?? 1 });
    }
    if (clients.length === parsed.length) result.set(key, clients);
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || usedTokens.has(name)) continue;
    const key = name.startsWith(TOKEN) ? name.slice(TOKEN.length) : undefined;
    if (key !== undefined && environments.includes(key)) {
      problems.push(`  ${name}: one token for all clients is no longer read: ${migrationHint(key)}`);
    } else if (key !== undefined) {
      problems.push(
        `  ${name}: names no client of a ${CLIENTS}* variable; expected ${TOKEN}<NETWORK>_<ENVIRONMENT>_<CLIENT ID>`,
      );
    } else if (name.startsWith(WEIGHTS) && env[`${CLIENTS}${name.slice(WEIGHTS.length)}`] === undefined) {
      problems.push(`  ${name}: set without ${CLIENTS}${name.slice(WEIGHTS.length)}`);
    }
  }
  return result;
}

/** The secret parts of KEYMANAGER_CLIENTS_* values (each URL), for the log redaction. */
export function keymanagerClientUrls(value: string): string[] {
  return value.split(",").flatMap((item) => {
    const at = item.indexOf("=");
    const url = at < 0 ? "" : item.slice(at + 1).trim();
    return url ? [url, url.replace(/\/+$/, "")] : [];
  });
}
