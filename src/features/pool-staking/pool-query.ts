import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getBalance, getBlock, getPublicClient } from "wagmi/actions";
import {
  type PoolPosition,
  type PoolState,
  readPoolPosition,
  readPoolState,
} from "../../families/delegation-pool/read-pool-state.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";

export interface PoolData {
  readonly state: PoolState;
  readonly position: PoolPosition | undefined;
  /** The account's balance in wei, when an account is given. */
  readonly balance: bigint | undefined;
  /** The chain's latest block time (unix seconds) and the wall-clock time it was read, for countdowns. */
  readonly chainTime: bigint;
  readonly readAt: number;
}

/**
 * The pool's settings and, for an account, its position and balance, for useQuery; keyed under the chain, so
 * a transaction's invalidation reads them again. Idle until the wallet config and the pool are known.
 */
export function poolQueryOptions(
  config: Config | undefined,
  chainId: number,
  pool: Address | undefined,
  account: Address | undefined,
) {
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "pool", pool ?? null, account?.toLowerCase() ?? null] as const,
    queryFn:
      config && pool
        ? async (): Promise<PoolData> => {
            const client = getPublicClient(config, { chainId });
            if (!client) throw new Error(`no RPC for chain ${chainId}`);
            const [state, position, balance, block] = await Promise.all([
              readPoolState(client, pool),
              account ? readPoolPosition(client, pool, account) : undefined,
              account ? getBalance(config, { chainId, address: account }).then((result) => result.value) : undefined,
              getBlock(config, { chainId }),
            ]);
            return { state, position, balance, chainTime: block.timestamp, readAt: Date.now() };
          }
        : skipToken,
  });
}
