import { type Address, isAddressEqual } from "viem";
import { type FrameContractRole, frameContracts } from "../../generated/frame-contracts.ts";
import type { TokenInfo } from "./format-values.ts";

/** The role of `address` on `chainId` among the app's contracts (networks/*.json `contracts`), if it is one. */
export function contractRole(chainId: number, address: Address): FrameContractRole | undefined {
  const contracts = frameContracts[chainId]?.contracts ?? {};
  for (const [role, known] of Object.entries(contracts)) {
    if (known && isAddressEqual(known, address)) return role as FrameContractRole;
  }
  return undefined;
}

/** The ERC-20 token at `address` on `chainId`, when the app's config lists it (its tokens, the SSV token). */
export function tokenAt(chainId: number, address: Address | undefined): TokenInfo | undefined {
  if (!address) return undefined;
  const found = frameContracts[chainId]?.tokens.find(([known]) => isAddressEqual(known, address));
  return found ? { symbol: found[1], decimals: found[2] } : undefined;
}
