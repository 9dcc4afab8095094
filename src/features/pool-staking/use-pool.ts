import { useCallback, useEffect, useState } from "react";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getBalance, getBlock, getPublicClient } from "wagmi/actions";
import {
  type PoolPosition,
  type PoolState,
  readPoolPosition,
  readPoolState,
} from "../../families/delegation-pool/read-pool-state.ts";

export interface PoolData {
  readonly state: PoolState;
  readonly position: PoolPosition | undefined;
  /** The account's balance in wei, when an account is given. */
  readonly balance: bigint | undefined;
  /** The chain's latest block time (unix seconds) and the wall-clock time it was read, for countdowns. */
  readonly chainTime: bigint;
  readonly readAt: number;
}

export type PoolLoad =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly error: unknown }
  | { readonly status: "ready"; readonly data: PoolData };

/** The pool's settings and, for an account, its position and balance; read again by `refresh()`. */
export function usePool(
  config: Config | undefined,
  chainId: number,
  pool: Address | undefined,
  account: Address | undefined,
): { readonly load: PoolLoad; refresh(): void } {
  const [load, setLoad] = useState<PoolLoad>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (!config || !pool) return;
    let live = true;
    const client = getPublicClient(config, { chainId });
    if (!client) {
      setLoad({ status: "error", error: new Error(`no RPC for chain ${chainId}`) });
      return;
    }
    // `generation` is read so that refresh() runs this again.
    void generation;
    Promise.all([
      readPoolState(client, pool),
      account ? readPoolPosition(client, pool, account) : Promise.resolve(undefined),
      account ? getBalance(config, { chainId, address: account }).then((result) => result.value) : undefined,
      getBlock(config, { chainId }),
    ]).then(
      ([state, position, balance, block]) => {
        if (live)
          setLoad({
            status: "ready",
            data: { state, position, balance, chainTime: block.timestamp, readAt: Date.now() },
          });
      },
      (error: unknown) => {
        if (live) setLoad({ status: "error", error });
      },
    );
    return () => {
      live = false;
    };
  }, [config, chainId, pool, account, generation]);

  return { load, refresh };
}
