import { checksumAddress } from "viem";
import { CHAIN_NAMESPACES } from "../router/views.ts";

const HEX40 = /^[0-9a-fA-F]{40}$/;

/**
 * EVM address (spec section 5): 40 hex digits with an optional 0x prefix. All-lowercase or all-uppercase
 * digits are accepted as they are; mixed case must be the EIP-55 checksum.
 */
export function isEvmAddress(value: string): boolean {
  const digits = value.startsWith("0x") || value.startsWith("0X") ? value.slice(2) : value;
  if (!HEX40.test(digits)) return false;
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return checksumAddress(`0x${digits.toLowerCase()}`) === `0x${digits}`;
}

/** CAIP-10 account id: three non-empty colon-separated parts whose namespace is a chain the kit knows. */
export function isCaipAddress(value: string): boolean {
  const parts = value.split(":");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return false;
  return (CHAIN_NAMESPACES as readonly string[]).includes(parts[0] ?? "");
}
