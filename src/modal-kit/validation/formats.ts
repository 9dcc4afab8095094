const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/;
const ACCOUNT_NAME_CHARACTERS = /^[a-zA-Z0-9-]*$/;
/** The longest account name label: a DNS label's 63 characters, as the name server enforces. */
export const ACCOUNT_NAME_MAX = 63;
/** The shortest, by the account-name rule. */
export const ACCOUNT_NAME_MIN = 4;
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

export type AccountNameProblem = "tooShort" | "tooLong" | "characters";

/**
 * What breaks the account-name rule (spec section 5: at least 4 characters; letters, digits and hyphen only; at
 * most 63, the name server's limit), or undefined for a good name. Characters are checked first: they are what
 * the user must change whatever the length.
 */
export function accountNameProblem(value: string): AccountNameProblem | undefined {
  if (!ACCOUNT_NAME_CHARACTERS.test(value)) return "characters";
  if (value.length < ACCOUNT_NAME_MIN) return "tooShort";
  if (value.length > ACCOUNT_NAME_MAX) return "tooLong";
  return undefined;
}

/** Account name: 4 to 63 characters, letters, digits and hyphen only. */
export function isAccountName(value: string): boolean {
  return accountNameProblem(value) === undefined;
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
