import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { z } from "zod";
import { useApiQuery } from "../../components/api/use-api-query.ts";
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

/** Reads an owner's claim figures now: the claim contract's (authoritative) and the backend's (optional). */
async function readClaimData(
  config: Config,
  scope: { chainId: number; contract: Address; owner: Address; network: string; environment: string },
  signal: AbortSignal,
): Promise<{ readonly onChain: ClaimableRewards; readonly indexed: IndexedExecutionRewards | undefined }> {
  const { chainId, contract, owner, network, environment } = scope;
  const client = getPublicClient(config, { chainId });
  if (!client) throw new Error(`no RPC for chain ${chainId}`);
  const indexed = getJson(apiUrl("/rewards/summary"), { owner, network, environment }, signal)
    .then((body) => {
      const summary = summarySchema.parse(body);
      return { executionRewardsWei: BigInt(summary.executionRewardsWei), asOf: summary.asOf };
    })
    .catch(() => undefined);
  const [onChain, backend] = await Promise.all([readClaimable(client, contract, owner), indexed]);
  return { onChain, indexed: backend };
}

/**
 * An owner's rewards to claim: `claimable` and `claimed` from the claim contract (authoritative for the
 * transaction) and the execution rewards the backend indexed, side by side. `refresh()` reads again (the
 * figures stay meanwhile).
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
  const { chainId, contract, owner, network, environment } = scope;
  const key =
    config && contract && owner && environment
      ? [chainId, contract, network, environment, owner.toLowerCase()].join(":")
      : undefined;
  const query = useApiQuery(
    key,
    (signal) =>
      readClaimData(
        config as Config,
        {
          chainId,
          contract: contract as Address,
          owner: owner as Address,
          network,
          environment: environment as string,
        },
        signal,
      ),
    key,
  );
  const load: ClaimLoad =
    query.data !== undefined && owner
      ? { status: "ready", owner, ...query.data }
      : query.status === "error"
        ? { status: "error", error: query.error }
        : { status: "loading" };
  return { load, refresh: query.retry };
}
