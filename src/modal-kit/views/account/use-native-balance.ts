import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Chain, Client, Transport } from "viem";
import { useClient } from "wagmi";
import { accountQueryKeys, BALANCES_CACHE_MS } from "../../account/account-queries.ts";

export interface NativeBalance {
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
}

/** The address's native balance on the client's chain: one eth_getBalance, kept 30 s, a failure not retried for 30 s. */
export function nativeBalanceQueryOptions(
  client: Client<Transport, Chain> | undefined,
  address: `0x${string}` | undefined,
) {
  return queryOptions({
    queryKey: [...accountQueryKeys.nativeBalance, client?.chain.id, address?.toLowerCase()] as const,
    staleTime: BALANCES_CACHE_MS,
    refetchInterval: BALANCES_CACHE_MS,
    retry: false,
    queryFn:
      client && address
        ? async (): Promise<NativeBalance> => {
            const { decimals, symbol } = client.chain.nativeCurrency;
            const value = BigInt(await client.request({ method: "eth_getBalance", params: [address, "latest"] }));
            return { value, decimals, symbol };
          }
        : skipToken,
  });
}

/**
 * The address's native balance on the kit's current chain, read with one `eth_getBalance` through the kit's
 * transport (the same fallback and endpoints as every other read). Spec section 9: kept 30 s (in local storage,
 * through the kit's QueryClient: query-persistence.ts), and a failed fetch is not retried for 30 s. wagmi's
 * useBalance would do the same read, but viem's getBalance action carries the multicall and ABI code (about
 * 20 KB gzip).
 */
export function useNativeBalance(address: `0x${string}` | undefined) {
  // The config's current chain, as wagmi's useBalance reads it.
  const client = useClient();
  return useQuery(nativeBalanceQueryOptions(client, address));
}
