import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getBalance } from "wagmi/actions";
import { chainQueryKey } from "./chain-query-key.ts";

/**
 * An account's balance on `chainId` in wei (wagmi's getBalance as query options, keyed under the chain so a
 * transaction's invalidation reads it again); idle until the wallet config and an account are known.
 */
export function balanceQueryOptions(config: Config | undefined, chainId: number, account: Address | undefined) {
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "balance", account?.toLowerCase() ?? null] as const,
    queryFn:
      config && account ? async () => (await getBalance(config, { chainId, address: account })).value : skipToken,
  });
}
