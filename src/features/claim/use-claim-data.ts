import { useCallback, useEffect, useState } from "react";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { z } from "zod";
import { type ClaimableRewards, readClaimable } from "../../families/ethereum-beacon/read-claimable.ts";
import { getJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";

const summarySchema = z.object({
  asOf: z.string().nullable(),
  executionRewardsWei: z.string().regex(/^[0-9]+$/),
});

/** The backend's view (GET /rewards/summary): execution-layer rewards earned so far, as of its last indexed day. */
export interface IndexedExecutionRewards {
  readonly executionRewardsWei: bigint;
  readonly asOf: string | null;
}

export type ClaimLoad =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly error: unknown }
  | {
      readonly status: "ready";
      readonly owner: Address;
      /** From the claim contract: what the claim transaction pays. */
      readonly onChain: ClaimableRewards;
      /** From the backend; undefined when it could not be reached (the on-chain figures still stand). */
      readonly indexed: IndexedExecutionRewards | undefined;
    };

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
 * An owner's rewards to claim: `claimable` and `claimed` from the claim contract (authoritative for the
 * transaction) and the execution rewards the backend indexed, side by side. `refresh()` reads again.
 */
export function useClaimData(
  config: Config | undefined,
  scope: {
    readonly chainId: number;
    readonly contract: Address | undefined;
    readonly owner: Address | undefined;
    readonly network: string;
    readonly environment: string | undefined;
  },
): { readonly load: ClaimLoad; refresh(): void } {
  const [load, setLoad] = useState<ClaimLoad>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  const { chainId, contract, owner, network, environment } = scope;
  useEffect(() => {
    if (!config || !contract || !owner || !environment) return;
    // `generation` is read so that refresh() runs this again.
    void generation;
    let live = true;
    const client = getPublicClient(config, { chainId });
    if (!client) {
      setLoad({ status: "error", error: new Error(`no RPC for chain ${chainId}`) });
      return;
    }
    const indexed = getJson(apiUrl("/rewards/summary"), { owner, network, environment })
      .then((body) => {
        const summary = summarySchema.parse(body);
        return { executionRewardsWei: BigInt(summary.executionRewardsWei), asOf: summary.asOf };
      })
      .catch(() => undefined);
    Promise.all([readClaimable(client, contract, owner), indexed]).then(
      ([onChain, backend]) => {
        if (live) setLoad({ status: "ready", owner, onChain, indexed: backend });
      },
      (error: unknown) => {
        if (live) setLoad({ status: "error", error });
      },
    );
    return () => {
      live = false;
    };
  }, [config, chainId, contract, owner, network, environment, generation]);
  const shown: ClaimLoad = load.status === "ready" && load.owner !== owner ? { status: "loading" } : load;
  return { load: shown, refresh };
}
