import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { estimateFeesPerGas, estimateGas } from "wagmi/actions";
import { feeReserve } from "../../core/balance-check.ts";
import { callData } from "../../core/contract-call.ts";
import { buildIncreaseStake } from "../../families/delegation-pool/build-increase-stake.ts";
import { chainQueryKey } from "../../lib/chain-reads/chain-query-key.ts";
import { GAS_MARGIN_PERCENT } from "../../lib/transactions/send-transaction.ts";

/**
 * The fee a stake in the pool keeps back from the balance: the gas of increaseStake (estimated for one vote: the
 * call costs the same for any count) plus the send path's margin, at twice the current highest fee per gas.
 * Idle until the account can pay one vote (below that there is nothing to stake); keyed under the chain, so a
 * transaction's invalidation asks again.
 */
export function stakeFeeReserveQueryOptions(
  config: Config | undefined,
  chainId: number,
  pool: Address,
  account: Address | undefined,
  voteUnitWei: bigint | undefined,
  balanceWei: bigint | undefined,
) {
  const ready = config && account && voteUnitWei && balanceWei !== undefined && balanceWei >= voteUnitWei;
  return queryOptions({
    queryKey: [...chainQueryKey(chainId), "pool-stake-fee", pool, account?.toLowerCase() ?? null] as const,
    queryFn: ready
      ? async (): Promise<bigint> => {
          const call = buildIncreaseStake(pool, 1n, voteUnitWei);
          const [gas, fees] = await Promise.all([
            estimateGas(config, { chainId, account, to: call.to, data: callData(call), value: call.value ?? 0n }),
            estimateFeesPerGas(config, { chainId }),
          ]);
          return feeReserve(gas, fees.maxFeePerGas, GAS_MARGIN_PERCENT);
        }
      : skipToken,
  });
}
