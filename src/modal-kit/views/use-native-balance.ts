import { useQuery } from "@tanstack/react-query";
import { useClient } from "wagmi";

/** Spec section 9: balances are cached 30 s, and a failed fetch is not retried for 30 s. */
export const BALANCE_CACHE_MS = 30_000;

export interface NativeBalance {
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
}

/**
 * The address's native balance on the kit's current chain, read with one `eth_getBalance` through the kit's
 * transport (the same fallback and endpoints as every other read). wagmi's useBalance would do the same for
 * a native balance, but viem's getBalance action carries the multicall and ABI code (about 20 KB gzip) into
 * the modal's first load.
 */
export function useNativeBalance(address: `0x${string}` | undefined) {
  // The config's current chain, as wagmi's useBalance reads it.
  const client = useClient();
  return useQuery({
    queryKey: ["modal-kit", "native-balance", client?.chain.id, address],
    enabled: Boolean(address && client),
    staleTime: BALANCE_CACHE_MS,
    refetchInterval: BALANCE_CACHE_MS,
    retry: false,
    queryFn: async (): Promise<NativeBalance> => {
      if (!client || !address) throw new Error("No client or address");
      const hex = await client.request({ method: "eth_getBalance", params: [address, "latest"] });
      const { decimals, symbol } = client.chain.nativeCurrency;
      return { value: BigInt(hex), decimals, symbol };
    },
  });
}
