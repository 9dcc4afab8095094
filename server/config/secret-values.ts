/**
 * Which environment variables hold secrets, and how to talk about a bad value without showing it.
 *
 * A variable is secret when its name says so (seeds, keys, tokens, passwords, the database URL, upstream and
 * Beacon API URLs, Keymanager settings), or when its value is a URL that can carry a credential: a user name or
 * password, a query, or a path (node providers put API keys in the path). The rule is by pattern, so variables
 * added later are covered without being listed here.
 */
const SECRET_NAME =
  /SEED|KEY|TOKEN|SECRET|PASSWORD|PASSPHRASE|MNEMONIC|PRIVATE|CREDENTIAL|DATABASE_URL|SMTP_URL|^RPC_UPSTREAMS_|^BEACON_API_URL_|^KEYMANAGER_/;

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** True when a URL (or a comma-separated list of them) could carry a credential. */
function carriesCredential(value: string): boolean {
  return value.split(",").some((item) => {
    const text = item.trim();
    if (!SCHEME.test(text)) return false;
    try {
      const url = new URL(text);
      return url.username !== "" || url.password !== "" || url.search !== "" || !["", "/"].includes(url.pathname);
    } catch {
      // A URL that does not parse may still hold user:password@; treat it as secret.
      return true;
    }
  });
}

export function isSecretVariable(name: string, value: string | undefined): boolean {
  return SECRET_NAME.test(name) || (value !== undefined && carriesCredential(value));
}

/** What a secret value looks like (its form and length), never any of its characters. */
function describeSecret(value: string): string {
  const text = value.trim();
  const spaces = text === value ? "" : ", with spaces around it";
  if (text === "") return `an empty value${spaces}`;
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme) {
    const credential = /^[^/]*\/\/[^/@]*@/.test(text) ? " with a user name or password" : "";
    return `a ${scheme.toLowerCase()}:// URL${credential}${spaces}`;
  }
  if (/^0x/i.test(text)) {
    const digits = text.slice(2);
    return /^[0-9a-f]*$/i.test(digits)
      ? `0x and ${digits.length} hexadecimal digits${spaces}`
      : `0x and ${digits.length} characters, not all hexadecimal${spaces}`;
  }
  const hex = /^[0-9a-f]+$/i.test(text) ? ", all hexadecimal but without 0x" : "";
  return `${text.length} characters${hex}${spaces}`;
}

/**
 * The "(got ...)" part of a problem with a variable: the value itself when it is not secret, else what is
 * wrong with its form, and the note that it is not shown.
 */
export function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return "";
  return isSecretVariable(name, value)
    ? ` (got ${describeSecret(value)}; the value is secret and not shown)`
    : ` (got ${JSON.stringify(value)})`;
}

/**
 * Replaces, in a text about to be printed, every secret variable's value (and any URL's password) with the
 * variable's name, so an error from a library that echoes its input cannot print a secret.
 */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv): string {
  let redacted = text;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.trim().length < 6 || !isSecretVariable(name, value)) continue;
    const forms = new Set([value, value.trim(), ...value.split(",").map((item) => item.trim())]);
    for (const item of forms) {
      if (item.length < 6) continue;
      redacted = redacted.replaceAll(item, `[${name}]`);
      try {
        const password = new URL(item).password;
        if (password.length >= 4) {
          redacted = redacted.replaceAll(password, "[password]");
          redacted = redacted.replaceAll(decodeURIComponent(password), "[password]");
        }
      } catch {
        // Not a URL: only its exact text is replaced.
      }
    }
  }
  return redacted.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/@]*@/gi, "$1:[password]@");
}
