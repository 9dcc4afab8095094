import { formatDecimal } from "../../core/decimal.ts";

/** Balances show at most 3 decimals, floored so the modal never shows more than the wallet holds. */
export const BALANCE_DECIMALS = 3;

/** Formats a token amount in base units, floored to 3 decimals, without trailing zeros ("1.2345" → "1.234"). */
export function formatBalance(value: bigint, decimals: number): string {
  const drop = decimals - BALANCE_DECIMALS;
  const units = drop >= 0 ? value / 10n ** BigInt(drop) : value * 10n ** BigInt(-drop);
  return formatDecimal({ units, scale: BALANCE_DECIMALS });
}

/** 0x1234…cdef: the first 6 and last 4 characters of an address. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
