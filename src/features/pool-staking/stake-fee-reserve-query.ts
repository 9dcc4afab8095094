import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { estimateFeesPerGas, estimateGas } from "wagmi/actions";
import { feeReserve } from "../../core/balance-check.ts";
import { callData } from "../../core/contract-call.ts";
import { buildStake } from "../../families/delegation-pool/build-stake.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { GAS_MARGIN_PERCENT } from "../../lib/transactions/send-transaction.ts";

/**
 * The fee a stake in the pool keeps back from the balance: the gas of increaseStake() (estimated for the pool's minimum
 * stake: the call costs about the same for any amount) plus the send path's margin, at twice the current highest
 * fee per gas. Idle until the account can pay the minimum (below that there is nothing to stake); keyed under the
 * chain, so a transaction's invalidation asks again.
 */
export function stakeFeeReserveQueryOptions(
  config: Config | undefined,
  chainId: number,
  pool: Address,
  account: Address | undefined,
  minimumWei: bigint | undefined,
  balanceWei: bigint | undefined,
) {
  const ready = config && account && minimumWei && balanceWei !== undefined && balanceWei >= minimumWei;
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "pool-stake-fee", pool, account?.toLowerCase() ?? null] as const,
    queryFn: ready
      ? async (): Promise<bigint> => {
          const call = buildStake(pool, minimumWei, minimumWei);
          const [gas, fees] = await Promise.all([
            estimateGas(config, { chainId, account, to: call.to, data: callData(call), value: call.value ?? 0n }),
            estimateFeesPerGas(config, { chainId }),
          ]);
          return feeReserve(gas, fees.maxFeePerGas, GAS_MARGIN_PERCENT);
        }
      : skipToken,
  });
}
