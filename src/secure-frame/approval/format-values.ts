import { formatUnits, getAddress, type Hex, hexToBytes, isAddress } from "viem";
import { text } from "../ui/texts.ts";

/**
 * The full address, checksummed (EIP-55) and grouped by 4 characters so a person can compare it piece by piece:
 * "0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8". Anything that is not an address is returned as is.
 */
export function groupedAddress(address: string): string {
  if (!isAddress(address, { strict: false })) return address;
  return `0x${getAddress(address).slice(2).match(/.{4}/g)?.join(" ")}`;
}

/**
 * From this allowance on, an ERC-20 approval is shown as "Unlimited": 2^128 base units (≈3.4 × 10^38) is more
 * than any real token's supply, and apps that mean "unlimited" send 2^256 − 1 or values just below it.
 */
export const UNLIMITED_ALLOWANCE_FROM = 2n ** 128n;

/** A known token, as the generated frame contract list gives it. */
export interface TokenInfo {
  readonly symbol: string;
  readonly decimals: number;
}

/** A token amount: "1.5 USDC" with the token's decimals, else the base units, said to be raw. */
export function tokenAmount(amount: bigint, token: TokenInfo | undefined): string {
  if (!token) return text("rawUnits", { amount: amount.toString() });
  return `${formatUnits(amount, token.decimals)} ${token.symbol}`;
}

/** An allowance: "Unlimited" from UNLIMITED_ALLOWANCE_FROM on, else the token amount. */
export const allowance = (amount: bigint, token: TokenInfo | undefined) =>
  amount >= UNLIMITED_ALLOWANCE_FROM ? text("unlimited") : tokenAmount(amount, token);

/**
 * 32-byte withdrawal credentials in words: an execution address (0x01, or 0x02 compounding) as its full grouped
 * address with the type named; 0x00 as BLS credentials (no address: the key holder decides later); anything
 * else, or a 0x01/0x02 value whose padding is not zero, as unrecognized with its hex.
 */
export function withdrawalCredentialsText(credentials: Hex): string {
  const bytes = hexToBytes(credentials);
  if (bytes.length === 32 && bytes[0] === 0x00) return text("credentialsBls");
  const padded = bytes.length === 32 && bytes.subarray(1, 12).every((byte) => byte === 0);
  if (padded && (bytes[0] === 0x01 || bytes[0] === 0x02)) {
    const address = groupedAddress(`0x${credentials.slice(26)}`);
    return text(bytes[0] === 0x01 ? "credentials01" : "credentials02", { address });
  }
  return text("credentialsUnknown", { hex: credentials });
}
