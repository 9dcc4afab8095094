import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, parseUnits } from "viem";
import type { Config } from "wagmi";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import type { BeaconSnapshot } from "../../core/api/beacon-snapshot.ts";
import type { ListedValidator } from "../../core/api/validators.ts";
import { AppError } from "../../core/app-error.ts";
import { checkWithdrawalRequest, type RequestRefusedError } from "../../core/electra/request-checks.ts";
import { formatDuration } from "../../core/format-duration.ts";
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
import { readBeaconSnapshot } from "../../lib/api/beacon-snapshot-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";

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

/** The refusal rules whose message belongs under the amount field rather than under the form. */
const AMOUNT_RULES = new Set(["amountAboveExcess", "noExcessBalance"]);

/** The Electra pre-checks of a request against the Beacon API's head state (see core/electra/request-checks). */
export function refusalFor(snapshot: BeaconSnapshot, sender: Address, choice: WithdrawalChoice) {
  const { validator, spec } = snapshot;
  return checkWithdrawalRequest(
    {
      validator: validator ?? undefined,
      currentEpoch: snapshot.headSlot / spec.slotsPerEpoch,
      shardCommitteePeriod: spec.shardCommitteePeriod,
      pendingPartialGwei: (validator?.pendingPartials ?? []).reduce((sum, entry) => sum + entry.amountGwei, 0n),
      partialQueueLength: snapshot.partialQueueLength,
      sender,
    },
    choice,
  );
}

/**
 * The unstake dialog's "Review request", once its form has checked the amount's format: reads the request fee,
 * the validator again and the consensus layer's head state (so the review shows, and the wallet pays, the
 * freshest buffered fee, a partial withdrawal is bounded by the current balance, and a request the consensus
 * layer would drop silently is refused here, naming the rule, before the wallet is asked), builds the EIP-7002
 * request and hands it to the send path's review.
 */
export function useUnstakeRequest(input: UnstakeRequestInput) {
  const { validator, network, chain, contract, config, account, controls } = input;
  const { t, i18n } = useTranslation();
  const [problem, setProblem] = useState<AppError | undefined>(undefined);
  // A refusal's text, with what only the dialog knows (the coin, a wait in words).
  const [problemText, setProblemText] = useState<string | undefined>(undefined);
  const [reading, setReading] = useState(false);
  // The validator as last read: its balance bounds a partial withdrawal (read again on every review).
  const [latest, setLatest] = useState(validator);
  const { symbol, decimals } = network;

  const describeRefusal = (refusal: RequestRefusedError, snapshot: BeaconSnapshot) => {
    const epochs = BigInt(refusal.values.epochsLeft ?? 0);
    const seconds = epochs * snapshot.spec.slotsPerEpoch * snapshot.spec.secondsPerSlot;
    return t(refusal.shortMessage, { ...refusal.values, symbol, wait: formatDuration(seconds, i18n.language) });
  };

  /** Resolves to the amount's problem (translated) when the request cannot be built for that amount. */
  const review = async (choice: WithdrawalChoice): Promise<string | undefined> => {
    setProblem(undefined);
    setProblemText(undefined);
    if (!account || !config || !contract) return undefined;
    setReading(true);
    try {
      const environment = servedEnvironmentOf(network);
      const [current, fresh, snapshot] = await Promise.all([
        readFee(config, chain.id, contract),
        input.readLatest().catch((cause: unknown) => {
          throw cause instanceof AppError ? cause : new AppError("unstake.errors.validatorUnavailable", { cause });
        }),
        readBeaconSnapshot(network.slug, environment?.id ?? "", validator.pubkey).catch((cause: unknown) => {
          throw new AppError("requestChecks.unavailable", { cause });
        }),
      ]);
      if (!fresh) throw new AppError("unstake.errors.validatorGone");
      setLatest(fresh);
      const refusal = refusalFor(snapshot, account, choice);
      if (refusal) {
        const message = describeRefusal(refusal, snapshot);
        if (AMOUNT_RULES.has(refusal.rule)) return message;
        setProblem(refusal);
        setProblemText(message);
        return undefined;
      }
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

  return { review, problem, problemText, reading, latest };
}
