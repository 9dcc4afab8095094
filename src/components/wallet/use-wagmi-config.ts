import { useEffect, useState } from "react";
import type { Config } from "wagmi";
import { useWalletKit } from "./wallet-access.tsx";

/**
 * The kit's wagmi config once loaded (the modal's code loads with it), for reads and transactions; undefined
 * until then, or when this build has no EVM network.
 */
export function useWagmiConfig(): Config | undefined {
  const kit = useWalletKit();
  const [config, setConfig] = useState<Config | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void kit?.loadWagmiConfig().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, [kit]);
  return config;
}
