import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formatUnits, isAddressEqual, parseUnits } from "viem";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import type { TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Checkbox } from "../../components/ui/checkbox/Checkbox.tsx";
import { ChoiceGroup } from "../../components/ui/choice-group/ChoiceGroup.tsx";
import { Dialog } from "../../components/ui/dialog/Dialog.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import type { ListedValidator } from "../../core/api/validators.ts";
import type { AppError } from "../../core/app-error.ts";
import { environmentChain } from "../../core/network-environment.ts";
import {
  maxPartialWithdrawalGwei,
  type WithdrawalChoice,
} from "../../families/ethereum-beacon/build-withdrawal-request.ts";
import { NotWithdrawalAddressError } from "../../families/ethereum-beacon/unstake-errors.ts";
import { withdrawalFeeQueryOptions } from "../../families/ethereum-beacon/withdrawal-fee-query.ts";
import type { Network } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { describeWithdrawalTime } from "./describe-withdrawal-time.ts";
import { UnstakeSummary, unstakeReceive } from "./UnstakeSummary.tsx";
import { type UnstakeFormValues, unstakeFormSchema } from "./unstake-form-schema.ts";
import { useRequestFeeText } from "./use-request-fee-text.ts";
import { useUnstakeRequest } from "./use-unstake-request.ts";
import { WithdrawalFeeText } from "./WithdrawalFeeText.tsx";

export interface UnstakeDialogProps {
  readonly validator: ListedValidator;
  /** The validator's network: its coin, its served environment's chain and request contract, its amounts. */
  readonly network: Network;
  /** The validators screen's transaction flow (a request sent stays followed there after the dialog closes). */
  readonly controls: TransactionFlowControls;
  /**
   * Reads the validator again from the backend (undefined when it is no longer listed): a partial withdrawal
   * is checked against this balance, not the one the list showed when the dialog opened.
   */
  readLatest(): Promise<ListedValidator | undefined>;
  onClose(): void;
}

/**
 * The unstake dialog (on the Dialog component: focus stays inside, Escape closes, focus returns to the button
 * that opened it): a partial withdraw (compounding 0x02 validators, leaving at least 32 ETH) or a full
 * withdraw (exit) through the EIP-7002 request contract, paying the current request fee plus a safety
 * buffer. Only the validator's withdrawal address can send the request; any other account is refused here.
 */
export function UnstakeDialog({ validator, network, controls, readLatest, onClose }: UnstakeDialogProps) {
  const { t } = useTranslation();
  const { account, config } = useWallet();
  const environment = servedEnvironmentOf(network);
  const chain = environmentChain(network, environment);
  const contract = environment?.contracts?.withdrawal;
  const { symbol, decimals } = network;
  const minimumBalanceWei = parseUnits(network.staking.perValidator ?? "0", decimals);
  const compounding = validator.withdrawalCredentials.startsWith("0x02");
  // Checked on submit only (the amount's limits need a fresh read of the validator); focus stays on the button.
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<UnstakeFormValues, unknown, WithdrawalChoice>({
    resolver: zodResolver(unstakeFormSchema),
    defaultValues: { kind: compounding ? "partial" : "exit", amount: "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const choice = watch("kind");
  const request = useUnstakeRequest({ validator, network, chain, contract, config, account, controls, readLatest });
  const fee = useQuery(withdrawalFeeQueryOptions(config, chain.id, contract));
  const coin = useRequestFeeText(decimals, symbol);
  const title = t("unstake.title", {
    name:
      validator.index === null ? t("validators.unindexed") : t("validators.cardHeading", { index: validator.index }),
  });

  if (!contract || !network.staking.perValidator) {
    return (
      <Dialog title={title} onClose={onClose}>
        <Alert tone="danger">{t("unstake.unavailable", { network: chain.name })}</Alert>
      </Dialog>
    );
  }

  const maximumGwei = maxPartialWithdrawalGwei(BigInt(request.latest.balanceWei), minimumBalanceWei);
  const withdrawalAddress = validator.withdrawalAddress;
  const wrongAccount: AppError | undefined =
    account && withdrawalAddress && !isAddressEqual(account, withdrawalAddress)
      ? new NotWithdrawalAddressError(withdrawalAddress, account)
      : undefined;
  const takes = describeWithdrawalTime(t, network.staking.withdrawalTime);
  const { flow } = controls;
  const submit = handleSubmit(async (valid) => {
    const amountProblem = await request.review(valid);
    if (amountProblem) setError("amount", { type: "manual", message: amountProblem });
  });
  const amountError = errors.amount?.message
    ? errors.amount.type === "manual"
      ? errors.amount.message
      : t(errors.amount.message, { symbol })
    : undefined;

  return (
    <Dialog title={title} onClose={onClose} className="unstake-dialog">
      {takes ? (
        <Alert tone="info" role="none">
          {takes}
        </Alert>
      ) : null}
      {flow.step !== "idle" ? (
        <TransactionPanel
          flow={flow}
          symbol={symbol}
          decimals={decimals}
          explorerUrl={environment?.explorers?.execution?.url}
          network={network}
          summary={<UnstakeSummary flow={flow} symbol={symbol} />}
          receive={unstakeReceive(flow, t)}
          valueLabel={t("unstake.feePaid")}
          onConfirm={() => void controls.confirm()}
          onCancel={controls.reset}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="form-stack">
          <ChoiceGroup legend={t("unstake.kind")}>
            <Checkbox
              radio
              value="partial"
              label={t("unstake.partial")}
              hint={compounding ? undefined : t("unstake.partialOnlyCompounding")}
              disabled={!compounding}
              {...register("kind")}
            />
            <Checkbox radio value="exit" label={t("unstake.exit")} {...register("kind")} />
          </ChoiceGroup>
          {choice === "partial" ? (
            <AmountInput
              label={t("unstake.amount", { symbol })}
              hint={t("unstake.amountHelp", {
                maximum: formatUnits(maximumGwei, 9),
                minimum: formatUnits(minimumBalanceWei, decimals),
                symbol,
              })}
              error={amountError}
              symbol={symbol}
              decimals={decimals}
              {...register("amount")}
            />
          ) : (
            <Alert tone="info" role="none">
              {t("unstake.exitNote", { address: withdrawalAddress ?? "" })}
            </Alert>
          )}
          <WithdrawalFeeText fee={fee} coin={coin} />
          {request.problem ? (
            <Alert tone="danger">
              {request.problemText ?? t(request.problem.shortMessage, request.problem.values)}
            </Alert>
          ) : null}
          <WalletGate
            chain={chain}
            connectText={t("unstake.connectFirst", { address: withdrawalAddress ?? "" })}
            wrongChainText={t("unstake.wrongChain", { network: chain.name })}
          >
            {() => (
              <>
                {wrongAccount ? <Alert tone="danger">{t(wrongAccount.shortMessage, wrongAccount.values)}</Alert> : null}
                <div className="actions">
                  <Button type="submit" loading={request.reading} disabled={Boolean(wrongAccount)}>
                    {t("unstake.review")}
                  </Button>
                </div>
              </>
            )}
          </WalletGate>
        </form>
      )}
    </Dialog>
  );
}
