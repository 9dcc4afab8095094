import { useEffect, useState } from "react";
import type { Address } from "viem";
import type { Config } from "wagmi";
import { getPublicClient } from "wagmi/actions";
import {
  readWithdrawalRequestFee,
  type WithdrawalRequestFee,
} from "../../families/ethereum-beacon/read-withdrawal-request-fee.ts";

export type WithdrawalFeeLoad =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly error: unknown }
  | { readonly status: "ready"; readonly fee: WithdrawalRequestFee };

/** Reads the EIP-7002 request fee now (the unstake dialog reads it again right before the review). */
export function readFee(config: Config, chainId: number, contract: Address): Promise<WithdrawalRequestFee> {
  const client = getPublicClient(config, { chainId });
  if (!client) return Promise.reject(new Error(`no RPC for chain ${chainId}`));
  return readWithdrawalRequestFee(client, contract);
}

/** The request contract's current fee (and the buffered fee the app pays), read when the dialog opens. */
export function useWithdrawalFee(
  config: Config | undefined,
  chainId: number,
  contract: Address | undefined,
): WithdrawalFeeLoad {
  const [load, setLoad] = useState<WithdrawalFeeLoad>({ status: "loading" });
  useEffect(() => {
    if (!config || !contract) return;
    let live = true;
    readFee(config, chainId, contract).then(
      (fee) => {
        if (live) setLoad({ status: "ready", fee });
      },
      (error: unknown) => {
        if (live) setLoad({ status: "error", error });
      },
    );
    return () => {
      live = false;
    };
  }, [config, chainId, contract]);
  return load;
}
