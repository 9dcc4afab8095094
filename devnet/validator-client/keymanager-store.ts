import type { IKeystore } from "@chainsafe/bls-keystore";
import { SecretKey } from "@chainsafe/blst";
import { decryptKeystore } from "./decrypt-keystore.ts";

/** One answer of POST /eth/v1/keystores, per keystore, in the request's order. */
export interface ImportStatus {
  readonly status: "imported" | "duplicate" | "error";
  readonly message?: string;
}

const PUBKEY = /^0x[0-9a-f]{96}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A key the client holds: its keystore and password as given (a real client keeps both to sign), its record. */
interface HeldKey {
  readonly path: string;
  readonly keystore: string;
  readonly password: string;
  slashingProtection: unknown;
}

/** A request whose body breaks the Keymanager API's schema; answered 400. */
export class KeymanagerBadRequest extends Error {}

/**
 * What the devnet validator client holds: keys it imported (each keystore decrypted with its password and its
 * secret key checked against the keystore's pubkey, as a real client does before it signs anything), the
 * slashing-protection data they came with, and fee recipients.
 */
export class KeymanagerStore {
  private readonly keys = new Map<string, HeldKey>();
  private readonly feeRecipients = new Map<string, string>();
  /** Keys removed by DELETE /eth/v1/keystores, kept for their slashing-protection data. */
  private readonly removed = new Map<string, HeldKey>();

  constructor(
    /** Fee recipient of keys without their own (a real client's --suggested-fee-recipient). */
    private readonly defaultFeeRecipient: string,
    /** Told of every key imported, so the Beacon API stand-in runs its validator. */
    private readonly onImported: (pubkey: string) => void,
  ) {}

  has(pubkey: string): boolean {
    return this.keys.has(pubkey.toLowerCase());
  }

  list(): { validating_pubkey: string; derivation_path: string; readonly: boolean }[] {
    return [...this.keys].map(([pubkey, key]) => ({
      validating_pubkey: pubkey,
      derivation_path: key.path,
      readonly: false,
    }));
  }

  async import(keystores: readonly string[], passwords: readonly string[], slashing: unknown): Promise<ImportStatus[]> {
    if (keystores.length !== passwords.length) {
      throw new KeymanagerBadRequest(
        `keystores and passwords must have the same length (${keystores.length} and ${passwords.length})`,
      );
    }
    const statuses: ImportStatus[] = [];
    for (const [index, text] of keystores.entries()) {
      statuses.push(await this.importOne(text, passwords[index] ?? "", slashing));
    }
    return statuses;
  }

  private async importOne(text: string, password: string, slashing: unknown): Promise<ImportStatus> {
    let keystore: IKeystore;
    try {
      keystore = JSON.parse(text) as IKeystore;
    } catch {
      return { status: "error", message: "keystore is not valid JSON" };
    }
    const pubkey = `0x${String(keystore.pubkey ?? "").replace(/^0x/, "")}`.toLowerCase();
    if (!PUBKEY.test(pubkey)) return { status: "error", message: "keystore has no 48-byte pubkey" };
    if (this.keys.has(pubkey)) return { status: "duplicate" };
    let secret: Uint8Array;
    try {
      secret = await decryptKeystore(keystore, password);
    } catch (error) {
      return { status: "error", message: `cannot decrypt keystore: ${(error as Error).message}` };
    }
    const derived = `0x${SecretKey.fromBytes(secret).toPublicKey().toHex(true).replace(/^0x/, "")}`;
    secret.fill(0);
    if (derived !== pubkey) return { status: "error", message: "keystore's secret key does not match its pubkey" };
    if (this.keys.has(pubkey)) return { status: "duplicate" };
    this.keys.set(pubkey, {
      path: String(keystore.path ?? ""),
      keystore: text,
      password,
      slashingProtection: slashing,
    });
    this.onImported(pubkey);
    return { status: "imported" };
  }

  /**
   * DELETE /eth/v1/keystores: removes keys and exports their slashing-protection data. A key removed before
   * answers "not_active" with its data again (a real client keeps slashing protection after the key goes), so a
   * caller that lost the first answer still gets it; a key never held answers "not_found".
   */
  remove(pubkeys: readonly string[]): {
    statuses: { status: "deleted" | "not_active" | "not_found" }[];
    data: unknown[];
    /** The metadata (genesis_validators_root) of the interchange the keys came with. */
    metadata: unknown;
  } {
    const statuses: { status: "deleted" | "not_active" | "not_found" }[] = [];
    const data: unknown[] = [];
    let metadata: unknown;
    for (const given of pubkeys) {
      const pubkey = parsePubkey(given);
      const key = this.keys.get(pubkey);
      const kept = key ?? this.removed.get(pubkey);
      if (!kept) {
        statuses.push({ status: "not_found" });
        continue;
      }
      if (key) {
        this.keys.delete(pubkey);
        this.removed.set(pubkey, key);
      }
      statuses.push({ status: key ? "deleted" : "not_active" });
      const interchange = kept.slashingProtection as { metadata?: unknown; data?: { pubkey?: string }[] } | undefined;
      metadata ??= interchange?.metadata;
      const entries = interchange?.data ?? [];
      const entry = entries.find((item) => item.pubkey?.toLowerCase() === pubkey);
      data.push(entry ?? { pubkey, signed_blocks: [], signed_attestations: [] });
    }
    return { statuses, data, metadata };
  }

  /** The keystore (JSON text) and password a held key was imported with. */
  credentials(pubkey: string): { keystore: string; password: string } | undefined {
    const key = this.keys.get(pubkey.toLowerCase());
    return key && { keystore: key.keystore, password: key.password };
  }

  /**
   * Adds to a held key's slashing-protection record what a signing client would (EIP-3076 signed_blocks and
   * signed_attestations entries); the stand-in performs no duties, so tests record them with this.
   */
  recordSigned(pubkey: string, signed: { signed_blocks?: unknown[]; signed_attestations?: unknown[] }): void {
    const held = this.keys.get(pubkey.toLowerCase());
    if (!held) throw new Error(`recordSigned: ${pubkey} is not held`);
    const record = (held.slashingProtection ?? { metadata: undefined, data: [] }) as {
      metadata?: unknown;
      data: { pubkey: string; signed_blocks: unknown[]; signed_attestations: unknown[] }[];
    };
    let entry = record.data.find((item) => item.pubkey.toLowerCase() === pubkey.toLowerCase());
    if (!entry) {
      entry = { pubkey: pubkey.toLowerCase(), signed_blocks: [], signed_attestations: [] };
      record.data.push(entry);
    }
    entry.signed_blocks.push(...(signed.signed_blocks ?? []));
    entry.signed_attestations.push(...(signed.signed_attestations ?? []));
    held.slashingProtection = record;
  }

  /** The EIP-3076 interchange a key was imported with (and what recordSigned added). */
  slashingProtection(pubkey: string): unknown {
    return this.keys.get(pubkey.toLowerCase())?.slashingProtection;
  }

  feeRecipient(pubkey: string): string {
    return this.feeRecipients.get(pubkey.toLowerCase()) ?? this.defaultFeeRecipient;
  }

  setFeeRecipient(pubkey: string, ethaddress: unknown): void {
    if (typeof ethaddress !== "string" || !ADDRESS.test(ethaddress)) {
      throw new KeymanagerBadRequest("ethaddress must be a 0x-prefixed 20-byte hex address");
    }
    this.feeRecipients.set(pubkey.toLowerCase(), ethaddress);
  }
}

/** Checks a path's pubkey: 0x and 96 hexadecimal digits. */
export function parsePubkey(text: string): string {
  const pubkey = text.toLowerCase();
  if (!PUBKEY.test(pubkey)) throw new KeymanagerBadRequest(`pubkey must be 0x and 96 hexadecimal digits: ${text}`);
  return pubkey;
}
