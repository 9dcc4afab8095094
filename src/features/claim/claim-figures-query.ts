import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { rewardsSummaryPath, rewardsSummaryResponse } from "../../core/api/rewards-summary.ts";
import { type ClaimableRewards, readClaimable } from "../../families/ethereum-beacon/read-claimable.ts";
import { ownerQueryKey } from "../../lib/api/owner-query-key.ts";
import { readApi } from "../../lib/api/read-api.ts";

/** The backend's view (GET /rewards/summary): execution-layer rewards earned so far, as of its last indexed day. */
export interface IndexedExecutionRewards {
  readonly executionRewardsWei: bigint;
  readonly asOf: string | null;
}

/** An owner's claim figures: the claim contract's (authoritative) and the backend's (undefined when unreachable). */
export interface ClaimFigures {
  readonly onChain: ClaimableRewards;
  readonly indexed: IndexedExecutionRewards | undefined;
}

/** What `claim()` would pay `owner` now, read from the claim contract on `chainId`, in wei. */
export async function readClaimableNow(
  config: Config,
  chainId: number,
  contract: Address,
  owner: Address,
): Promise<bigint> {
  const client = getPublicClient(config, { chainId });
  if (!client) throw new Error(`no RPC for chain ${chainId}`);
  return (await readClaimable(client, contract, owner)).claimableWei;
}

/**
 * An owner's rewards to claim for useQuery: `claimable` and `claimed` from the claim contract on `chainId` and
 * the execution rewards the backend indexed, side by side; idle until the wallet config, contract and owner are
 * known. Keyed under the owner, so a transaction's invalidation of the owner reads them again.
 */
export function claimFiguresQueryOptions(
  config: Config | undefined,
  scope: OwnerScope | undefined,
  chain: { readonly chainId: number; readonly contract: Address | undefined },
) {
  const { chainId, contract } = chain;
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "claim", chainId, contract ?? null] as const,
    queryFn:
      config && scope && contract
        ? async ({ signal }): Promise<ClaimFigures> => {
            const client = getPublicClient(config, { chainId });
            if (!client) throw new Error(`no RPC for chain ${chainId}`);
            const indexed = readApi(rewardsSummaryPath, rewardsSummaryResponse, { ...scope }, signal).then(
              ({ executionRewardsWei, asOf }) => ({ executionRewardsWei, asOf }),
              () => undefined,
            );
            const [onChain, backend] = await Promise.all([readClaimable(client, contract, scope.owner), indexed]);
            return { onChain, indexed: backend };
          }
        : skipToken,
  });
}
