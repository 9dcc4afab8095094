/** At least this many bytes of key material: a 256-bit key. */
export const KEYSTORE_KEY_MIN_BYTES = 32;

const EXPECTED = `expected hex (64 or more digits) or base64 of at least ${KEYSTORE_KEY_MIN_BYTES} random bytes, e.g. the output of "openssl rand -hex 32"`;

function decode(text: string): Uint8Array | undefined {
  const hex = text.replace(/^0x/i, "");
  if (/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return Uint8Array.from(Buffer.from(hex, "hex"));
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && text.replace(/=+$/, "").length % 4 !== 1) {
    return Uint8Array.from(Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64"));
  }
  return undefined;
}

/** What makes decoded key material look chosen rather than random, if anything. */
function notRandom(bytes: Uint8Array): string | undefined {
  const distinct = new Set(bytes).size;
  if (distinct === 1) return "is one byte repeated";
  // 32 random bytes have about 30 distinct values; fewer than half of min(length, 32) is a pattern or a word.
  const expected = Math.min(bytes.length, KEYSTORE_KEY_MIN_BYTES) / 2;
  if (distinct < expected) return `has only ${distinct} distinct byte values in ${bytes.length} bytes`;
  if (bytes.every((byte) => byte >= 0x20 && byte <= 0x7e)) return "decodes to printable text, such as a password";
  const step = ((bytes[1] as number) - (bytes[0] as number) + 256) % 256;
  if (bytes.every((byte, at) => at === 0 || (byte - (bytes[at - 1] as number) + 256) % 256 === step)) {
    return "is a counting sequence";
  }
  return undefined;
}

/**
 * What is wrong with a KEYSTORE_KEY value, or undefined when it is usable: hex or base64 of at least 32 bytes
 * that look random. The answer describes the value's form and never contains any of it.
 */
export function keystoreKeyProblem(value: string): string | undefined {
  const bytes = decode(value);
  if (!bytes) return `${EXPECTED}; the value is neither hex nor base64 (not shown: it is secret)`;
  if (bytes.length < KEYSTORE_KEY_MIN_BYTES) {
    return `${EXPECTED}; the value decodes to only ${bytes.length} bytes (not shown: it is secret)`;
  }
  const pattern = notRandom(bytes);
  return pattern ? `${EXPECTED}; the value ${pattern}, not random bytes (not shown: it is secret)` : undefined;
}
