import type { PublicClient } from "viem";
import { ssvNetworkViewsAbi } from "../../contracts/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { OwnerClusterRow } from "./owner-clusters.ts";

/** The network-wide figures a cluster's runway depends on, and each active cluster's balance now. */
export interface ClusterChainFigures {
  readonly networkFee: bigint;
  readonly liquidationThresholdPeriod: bigint;
  readonly minimumLiquidationCollateral: bigint;
  /** Per cluster, in the order given; 0 for a liquidated one (the contract holds nothing for it). */
  readonly balances: readonly bigint[];
}

/**
 * Reads from the SSVNetworkViews contract, through the server's upstream nodes, what the index cannot know:
 * the network fee, the liquidation rules and each active cluster's balance at the head. The chain's trouble is
 * a 502 with a retry hint, never a 500.
 */
export async function readClusterBalances(
  client: PublicClient,
  views: `0x${string}`,
  owner: `0x${string}`,
  clusters: readonly OwnerClusterRow[],
): Promise<ClusterChainFigures> {
  const read = <T>(call: Promise<T>) =>
    call.catch(() => {
      throw new ApiError(
        502,
        "chain_unavailable",
        "The SSV network contract could not be read from this chain's nodes; try again shortly",
        undefined,
        10,
      );
    });
  const [networkFee, liquidationThresholdPeriod, minimumLiquidationCollateral, balances] = await Promise.all([
    read(client.readContract({ address: views, abi: ssvNetworkViewsAbi, functionName: "getNetworkFee" })),
    read(
      client.readContract({ address: views, abi: ssvNetworkViewsAbi, functionName: "getLiquidationThresholdPeriod" }),
    ),
    read(
      client.readContract({ address: views, abi: ssvNetworkViewsAbi, functionName: "getMinimumLiquidationCollateral" }),
    ),
    Promise.all(
      clusters.map((cluster) =>
        cluster.active
          ? read(
              client.readContract({
                address: views,
                abi: ssvNetworkViewsAbi,
                functionName: "getBalance",
                args: [
                  owner,
                  cluster.operatorIds.map(BigInt),
                  {
                    validatorCount: cluster.validatorCount,
                    networkFeeIndex: cluster.networkFeeIndex,
                    index: cluster.index,
                    active: cluster.active,
                    balance: cluster.balance,
                  },
                ],
              }),
            )
          : Promise.resolve(0n),
      ),
    ),
  ]);
  return { networkFee, liquidationThresholdPeriod, minimumLiquidationCollateral, balances };
}
