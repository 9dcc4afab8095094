import { type Address, erc20Abi, formatUnits } from "viem";
import { chainUnavailable } from "./chain-unavailable.ts";
import type { ServedChain } from "./served-chain.ts";

/** One balance as the kit reads it (modal-kit spec section 3, "Token balance"). */
export interface TokenBalance {
  readonly name: string;
  readonly symbol: string;
  /** CAIP-2 chain id ("eip155:1"). */
  readonly chainId: string;
  /** CAIP-10 token address ("eip155:1:0x…"); absent for the native coin. */
  readonly address?: string;
  /** USD value: price × quantity. This server knows no prices, so 0. */
  readonly value: number;
  readonly price: number;
  readonly quantity: { readonly decimals: string; readonly numeric: string };
  readonly iconUrl: string;
}

/**
 * The native balance and the balances of the chain's configured ERC-20 tokens, read through the server's
 * upstream pool: eth_getBalance plus one eth_call of viem's deployless multicall (Multicall3 sent as creation
 * code, so it works on chains without Multicall3 installed, such as the devnet). Tokens the account holds none
 * of are left out; a token whose balanceOf fails is left out rather than failing the whole answer.
 */
export async function readBalances(chain: ServedChain, address: Address): Promise<TokenBalance[]> {
  const { client, caipNetworkId, nativeCurrency } = chain;
  if (!client) throw chainUnavailable(caipNetworkId);
  const tokens = chain.environment.tokens ?? [];
  const read = () =>
    Promise.all([
      client.getBalance({ address }),
      tokens.length === 0
        ? Promise.resolve([])
        : client.multicall({
            deployless: true,
            allowFailure: true,
            contracts: tokens.map((token) => ({
              address: token.address as Address,
              abi: erc20Abi,
              functionName: "balanceOf" as const,
              args: [address] as const,
            })),
          }),
    ]);
  let native: bigint;
  let tokenResults: Awaited<ReturnType<typeof read>>[1];
  try {
    [native, tokenResults] = await read();
  } catch {
    throw chainUnavailable(caipNetworkId);
  }
  const balances: TokenBalance[] = [
    {
      name: nativeCurrency.name,
      symbol: nativeCurrency.symbol,
      chainId: caipNetworkId,
      value: 0,
      price: 0,
      quantity: { decimals: String(nativeCurrency.decimals), numeric: formatUnits(native, nativeCurrency.decimals) },
      iconUrl: "",
    },
  ];
  tokens.forEach((token, index) => {
    const result = tokenResults[index];
    if (result?.status !== "success" || result.result === 0n) return;
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: caipNetworkId,
      address: `${caipNetworkId}:${token.address}`,
      value: 0,
      price: 0,
      quantity: { decimals: String(token.decimals), numeric: formatUnits(result.result, token.decimals) },
      iconUrl: token.icon ?? "",
    });
  });
  return balances;
}
