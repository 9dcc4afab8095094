import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, parseUnits } from "viem";
import type { Config } from "wagmi";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import type { ListedValidator } from "../../core/api/validators.ts";
import { AppError } from "../../core/app-error.ts";
import type { EnvironmentChain } from "../../core/network-environment.ts";
import {
  buildWithdrawalRequest,
  type WithdrawalChoice,
} from "../../families/ethereum-beacon/build-withdrawal-request.ts";
import {
  InvalidWithdrawalAmountError,
  PartialBelowMinimumError,
} from "../../families/ethereum-beacon/unstake-errors.ts";
import { readFee } from "../../families/ethereum-beacon/withdrawal-fee-query.ts";
import type { Network } from "../../generated/index.ts";

export interface UnstakeRequestInput {
  readonly validator: ListedValidator;
  readonly network: Network;
  readonly chain: EnvironmentChain;
  readonly contract: Address | undefined;
  readonly config: Config | undefined;
  readonly account: Address | undefined;
  readonly controls: TransactionFlowControls;
  readLatest(): Promise<ListedValidator | undefined>;
}

/**
 * The unstake dialog's "Review request", once its form has checked the amount's format: reads the request fee
 * and the validator again (so the review shows, and the wallet pays, the freshest buffered fee, and a partial
 * withdrawal is bounded by the current balance), builds the EIP-7002 request and hands it to the send path's
 * review.
 */
export function useUnstakeRequest(input: UnstakeRequestInput) {
  const { validator, network, chain, contract, config, account, controls } = input;
  const { t } = useTranslation();
  const [problem, setProblem] = useState<AppError | undefined>(undefined);
  const [reading, setReading] = useState(false);
  // The validator as last read: its balance bounds a partial withdrawal (read again on every review).
  const [latest, setLatest] = useState(validator);
  const { symbol, decimals } = network;

  /** Resolves to the amount's problem (translated) when the request cannot be built for that amount. */
  const review = async (choice: WithdrawalChoice): Promise<string | undefined> => {
    setProblem(undefined);
    if (!account || !config || !contract) return undefined;
    setReading(true);
    try {
      const [current, fresh] = await Promise.all([
        readFee(config, chain.id, contract),
        input.readLatest().catch((cause: unknown) => {
          throw cause instanceof AppError ? cause : new AppError("unstake.errors.validatorUnavailable", { cause });
        }),
      ]);
      if (!fresh) throw new AppError("unstake.errors.validatorGone");
      setLatest(fresh);
      const call = buildWithdrawalRequest({
        contract,
        validator: { ...fresh, balanceWei: BigInt(fresh.balanceWei) },
        sender: account,
        choice,
        feeWei: current.bufferedFeeWei,
        minimumBalanceWei: parseUnits(network.staking.perValidator ?? "0", decimals),
        symbol,
      });
      await controls.prepare({
        kind: "unstake",
        chain,
        account,
        ...call,
        details: {
          pubkey: fresh.pubkey,
          choice: choice.kind,
          amountGwei: choice.kind === "partial" ? choice.amountGwei.toString() : "0",
          balanceWei: fresh.balanceWei.toString(),
        },
      });
    } catch (error) {
      if (error instanceof PartialBelowMinimumError || error instanceof InvalidWithdrawalAmountError) {
        return t(error.shortMessage, error.values);
      }
      setProblem(error instanceof AppError ? error : new AppError("unstake.errors.feeUnavailable", { cause: error }));
    } finally {
      setReading(false);
    }
    return undefined;
  };

  return { review, problem, reading, latest };
}
