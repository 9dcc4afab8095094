import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { readWithdrawalRequestFee, type WithdrawalRequestFee } from "./read-withdrawal-request-fee.ts";

/** Reads the EIP-7002 request fee now (the unstake dialog reads it again right before the review). */
export function readFee(config: Config, chainId: number, contract: Address): Promise<WithdrawalRequestFee> {
  const client = getPublicClient(config, { chainId });
  if (!client) return Promise.reject(new Error(`no RPC for chain ${chainId}`));
  return readWithdrawalRequestFee(client, contract);
}

/**
 * The request contract's current fee (and the buffered fee the app pays) for useQuery: read when the dialog
 * opens, never older than a block or so (the fee moves with the queue of requests).
 */
export function withdrawalFeeQueryOptions(config: Config | undefined, chainId: number, contract: Address | undefined) {
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "withdrawal-request-fee", contract ?? null] as const,
    queryFn: config && contract ? () => readFee(config, chainId, contract) : skipToken,
    staleTime: 12_000,
  });
}
