import type { TokenBalance } from "../../core/api/blockchain-api.ts";

/** Spec section 5: tokens with decimals of 0 are dropped as low quality. */
export function isQualityToken(balance: TokenBalance): boolean {
  return Number(balance.quantity.decimals) !== 0;
}
