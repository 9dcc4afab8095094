import { useCallback, useEffect, useState } from "react";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getBalance } from "wagmi/actions";

/** The account's balance on `chainId` in wei (undefined until read or when it cannot be), read again by `refresh()`. */
export function useBalance(
  config: Config | undefined,
  chainId: number,
  account: Address | undefined,
): { readonly balanceWei: bigint | undefined; refresh(): void } {
  const [balanceWei, setBalance] = useState<bigint | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    setBalance(undefined);
    if (!config || !account) return;
    let live = true;
    // `generation` is read so that refresh() runs this again.
    void generation;
    getBalance(config, { chainId, address: account }).then(
      (result) => {
        if (live) setBalance(result.value);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [config, chainId, account, generation]);
  return { balanceWei, refresh };
}
