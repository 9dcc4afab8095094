import { formatUnits } from "viem";
import { chains } from "../../generated/chains.ts";
import { text } from "../ui/texts.ts";

/** One labelled line of an approval dialog. */
export type DetailRow = readonly [label: string, value: string];

export const chainOf = (chainId: number) => chains.find((chain) => chain.id === chainId);

/** The network's name from the generated network list ("Ethereum Devnet"), else "Chain 12345". */
export const networkName = (chainId: number) =>
  chainOf(chainId)?.name ?? text("unknownNetwork", { chainId: String(chainId) });

/** An amount in the chain's native coin ("1.5 ETH", "32 CFX"); wei when the chain is not one of ours. */
export function coinAmount(chainId: number, wei: bigint): string {
  const chain = chainOf(chainId);
  if (!chain) return `${wei} wei`;
  return `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;
}
