import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { readConsolidationRequestFee } from "./build-consolidation-request.ts";

/** Reads the EIP-7251 request fee now, with an empty-calldata call (the dialog reads it again for the review). */
export function readConsolidationFee(config: Config, chainId: number, contract: Address): Promise<bigint> {
  const client = getPublicClient(config, { chainId });
  if (!client) return Promise.reject(new Error(`no RPC for chain ${chainId}`));
  return readConsolidationRequestFee(client, contract);
}

/** The consolidation request contract's current fee for useQuery: shown when the dialog opens, kept a block fresh. */
export function consolidationFeeQueryOptions(
  config: Config | undefined,
  chainId: number,
  contract: Address | undefined,
) {
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "consolidation-request-fee", contract ?? null] as const,
    queryFn: config && contract ? () => readConsolidationFee(config, chainId, contract) : skipToken,
    staleTime: 12_000,
  });
}
