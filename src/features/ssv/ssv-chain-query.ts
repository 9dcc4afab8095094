import { queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { ssvNetworkViewsAbi, ssvTokenAbi } from "../../../contracts/generated/index.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import type { SsvOffering } from "../../lib/ssv-offering.ts";
import type { SsvNetworkParameters } from "./ssv-funding.ts";

export interface SsvChainState extends SsvNetworkParameters {
  /** The account's SSV balance and its allowance to the SSV network, when an account is connected. */
  readonly balance?: bigint;
  readonly allowance?: bigint;
}

/**
 * The SSV network's fee and liquidation parameters (its views contract) and the account's SSV balance and
 * allowance (the token), read together; keyed under the chain so a transaction reads them again.
 */
export function ssvChainQueryOptions(config: Config | undefined, offering: SsvOffering, account: Address | undefined) {
  const { chain, views, token, network } = offering;
  return queryOptions({
    queryKey: [...chainQueryKey(chain.id), "ssv", views.toLowerCase(), account?.toLowerCase() ?? null] as const,
    enabled: config !== undefined,
    queryFn: async (): Promise<SsvChainState> => {
      if (!config) throw new Error("no wallet configuration yet");
      const client = getPublicClient(config, { chainId: chain.id });
      if (!client) throw new Error(`no client for chain ${chain.id}`);
      const viewsContract = { address: views, abi: ssvNetworkViewsAbi } as const;
      const tokenContract = { address: token, abi: ssvTokenAbi } as const;
      const [networkFee, liquidationThresholdPeriod, minimumLiquidationCollateral, balance, allowance] =
        await Promise.all([
          client.readContract({ ...viewsContract, functionName: "getNetworkFee" }),
          client.readContract({ ...viewsContract, functionName: "getLiquidationThresholdPeriod" }),
          client.readContract({ ...viewsContract, functionName: "getMinimumLiquidationCollateral" }),
          account ? client.readContract({ ...tokenContract, functionName: "balanceOf", args: [account] }) : undefined,
          account
            ? client.readContract({ ...tokenContract, functionName: "allowance", args: [account, network] })
            : undefined,
        ]);
      return { networkFee, liquidationThresholdPeriod, minimumLiquidationCollateral, balance, allowance };
    },
  });
}
