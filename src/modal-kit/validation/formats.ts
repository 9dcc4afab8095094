const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/;
const ACCOUNT_NAME = /^[a-zA-Z0-9-]{4,}$/;
// One @, a local part and a dotted domain, no spaces (the HTML e-mail input's rule, with a dot required).
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Transaction hash: 0x and 64 hex digits. */
export function isTransactionHash(value: string): boolean {
  return TRANSACTION_HASH.test(value);
}

/** Signed message: 0x and at least 62 hex digits. */
export function isSignedMessage(value: string): boolean {
  return SIGNED_MESSAGE.test(value);
}

/** Account name: at least 4 characters, letters, digits and hyphen only. */
export function isAccountName(value: string): boolean {
  return ACCOUNT_NAME.test(value);
}

/** E-mail address: name@domain.tld (spec section 5, "Email fields must be a valid email format"). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

const CHAIN_ID_LIMIT = 2 ** 31;

/** ENSIP-11 coin type of an EVM chain: 0x80000000 | chainId. Fails with 'Invalid chainId' at or above 2^31. */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= CHAIN_ID_LIMIT) throw new Error("Invalid chainId");
  return (0x80000000 | chainId) >>> 0;
}
