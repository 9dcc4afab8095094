import * as z from "zod/mini";

/**
 * The keyshares file the SSV keys tool (ssv-keys CLI, the SSV SDK and web app) writes, format v1.1.0 and
 * later: one entry per validator in `shares`. zod/mini, as it is parsed in the browser.
 *
 * `payload.sharesData` is what registerValidator takes as `shares`: the validator key's BLS signature over
 * keccak256 of `${checksummed owner}:${owner nonce}` (96 bytes), then each operator's share public key
 * (48 bytes each), then each operator's share secret encrypted to its RSA key (256 bytes each), in the order of
 * the operator ids, ascending.
 */
export const KEYSHARES_FILE_VERSION = "v1.1.0";
/** Versions of the v1 format from v1.1.0 on (the tools write v1.1.0 or v1.2.0; the layout is the same). */
const KEYSHARES_VERSION_PATTERN = /^v1\.[1-9]\d*\.\d+$/;

export const OWNER_SIGNATURE_BYTES = 96;
export const SHARE_PUBLIC_KEY_BYTES = 48;
/** An RSA-2048 ciphertext, the size of an SSV operator's key. */
export const ENCRYPTED_SHARE_BYTES = 256;

/** The length sharesData must have for `operatorCount` operators. */
export function sharesDataLength(operatorCount: number): number {
  return OWNER_SIGNATURE_BYTES + operatorCount * (SHARE_PUBLIC_KEY_BYTES + ENCRYPTED_SHARE_BYTES);
}

const hexBytes = (bytes: number) =>
  z.string().check(z.regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`), `expected 0x and ${bytes * 2} hex digits`));

const operatorId = z.int().check(z.positive());

export const keysharesEntrySchema = z.object({
  data: z.object({
    ownerNonce: z.int().check(z.nonnegative()),
    ownerAddress: hexBytes(20),
    publicKey: hexBytes(48),
    operators: z.array(z.object({ id: operatorId, operatorKey: z.string().check(z.minLength(1)) })),
  }),
  payload: z.object({
    publicKey: hexBytes(48),
    operatorIds: z.array(operatorId),
    sharesData: z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, "expected 0x and whole bytes of hex digits")),
  }),
});

export type KeysharesEntry = z.infer<typeof keysharesEntrySchema>;

/** The file around the entries; each entry is checked on its own so one bad entry hides no other problem. */
export const keysharesFileSchema = z.object({
  version: z.string().check(z.regex(KEYSHARES_VERSION_PATTERN)),
  createdAt: z.optional(z.string()),
  shares: z.array(z.unknown()).check(z.minLength(1)),
});
