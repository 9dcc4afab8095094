import { blake2b } from "@noble/hashes/blake2.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58, bech32 } from "@scure/base";

/**
 * What a guided network's delegation target id must look like, per kind, with each format's own checksum:
 * a mistyped id in a network file would send users' delegations to a node, pool or collator nobody runs.
 * Returns why the id fails (a clause after `"<id>" is not …`), or undefined when it is well-formed.
 */
export function delegationTargetIdProblem(kind: string, id: string): string | undefined {
  switch (kind) {
    case "node":
      return avalancheNodeIdProblem(id);
    case "pool":
      return confluxCoreAddressProblem(id);
    case "collator":
      return ss58AddressProblem(id);
    case "validator":
      return validatorIdProblem(id);
    default:
      return undefined; // the schema reports an unknown kind
  }
}

/** What each kind expects, for the error's "expected …" part. */
export const EXPECTED_TARGET_ID: Readonly<Record<string, string>> = {
  node: 'an Avalanche node id: "NodeID-" then 20 bytes and a 4-byte checksum in base58 (cb58)',
  pool: 'a Conflux core space contract address in base32 (CIP-37), such as "cfx:ac…" (mainnet) or "cfxtest:ac…"',
  collator: "a Substrate account address in SS58 (Manta Atlantic addresses start with dfZ…)",
  validator: 'a Cosmos SDK operator address ("cosmosvaloper1…", bech32) or a validator number such as "15"',
};

const NODE_ID_PREFIX = "NodeID-";

function decodeBase58(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

/** Avalanche's cb58: base58 of the bytes followed by the last 4 bytes of their SHA-256. */
function avalancheNodeIdProblem(id: string): string | undefined {
  if (!id.startsWith(NODE_ID_PREFIX)) return `it does not start with "${NODE_ID_PREFIX}"`;
  const bytes = decodeBase58(id.slice(NODE_ID_PREFIX.length));
  if (!bytes) return "the part after NodeID- is not base58";
  if (bytes.length !== 24) return `it holds ${bytes.length} bytes where a node id holds 24 (20 and a checksum)`;
  const payload = bytes.subarray(0, 20);
  const checksum = sha256(payload).subarray(28);
  return equalBytes(checksum, bytes.subarray(20)) ? undefined : "its checksum does not match (a character is wrong)";
}

const CIP37_ALPHABET = "abcdefghjkmnprstuvwxyz0123456789";
const CIP37_GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

/** The BCH checksum CIP-37 uses over the prefix's low 5 bits, a zero, then the payload's 5-bit words. */
function cip37Polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const value of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(value);
    CIP37_GENERATORS.forEach((generator, bit) => {
      if ((c0 >> BigInt(bit)) & 1n) c ^= generator;
    });
  }
  return c ^ 1n;
}

/** A Conflux core space address (CIP-37): network prefix, optional type=…, 42 base32 characters with checksum. */
function confluxCoreAddressProblem(id: string): string | undefined {
  if (id !== id.toLowerCase() && id !== id.toUpperCase()) return "it mixes upper and lower case";
  const parts = id.toLowerCase().split(":");
  const prefix = parts[0] ?? "";
  const payload = parts[parts.length - 1] ?? "";
  if (parts.length < 2 || !/^(cfx|cfxtest|net[1-9][0-9]*)$/.test(prefix) || prefix === "net1" || prefix === "net1029") {
    return 'it does not start with a Conflux network prefix ("cfx:", "cfxtest:" or "net<id>:")';
  }
  if (payload.length !== 42) return `its address part has ${payload.length} characters where CIP-37 has 42`;
  const words: number[] = [];
  for (const char of payload) {
    const word = CIP37_ALPHABET.indexOf(char);
    if (word < 0) return `"${char}" is not a CIP-37 base32 character`;
    words.push(word);
  }
  const prefixWords = [...prefix].map((char) => char.charCodeAt(0) & 0x1f);
  if (cip37Polymod([...prefixWords, 0, ...words]) !== 0n) return "its checksum does not match (a character is wrong)";
  // the payload's first 34 words are the version byte and the 20 address bytes (then 2 padding bits)
  const bytes = wordsToBytes(words.slice(0, 34));
  if (bytes[0] !== 0) return "its version byte is not 0 (a 20-byte Conflux address)";
  if (((bytes[1] ?? 0) & 0xf0) !== 0x80) {
    return "it is not a contract address (a pool is a contract: its hex form starts with 0x8)";
  }
  return undefined;
}

function wordsToBytes(words: readonly number[]): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const word of words) {
    buffer = ((buffer << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

const SS58_PREFIX = new TextEncoder().encode("SS58PRE");

/** SS58: network prefix (1 or 2 bytes), 32-byte account, 2-byte BLAKE2b-512 checksum. */
function ss58AddressProblem(id: string): string | undefined {
  const bytes = decodeBase58(id);
  if (!bytes) return "it is not base58";
  const prefixLength = (bytes[0] ?? 0) < 64 ? 1 : 2;
  if (bytes.length !== prefixLength + 32 + 2) {
    return `it holds ${bytes.length} bytes where an SS58 account address holds ${prefixLength + 34}`;
  }
  const body = bytes.subarray(0, prefixLength + 32);
  const hash = blake2b(concat(SS58_PREFIX, body), { dkLen: 64 });
  return equalBytes(hash.subarray(0, 2), bytes.subarray(prefixLength + 32))
    ? undefined
    : "its checksum does not match (a character is wrong)";
}

/** A Cosmos SDK operator address (bech32, human-readable part ending in "valoper") or a validator number. */
function validatorIdProblem(id: string): string | undefined {
  if (/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  if (!id.includes("valoper1")) return "it is neither a validator number nor a bech32 operator address";
  try {
    const { prefix } = bech32.decode(id as `${string}1${string}`);
    return prefix.endsWith("valoper") ? undefined : `its prefix "${prefix}" is not an operator address prefix`;
  } catch {
    return "its bech32 checksum does not match (a character is wrong)";
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
