import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import { TransactionPanel } from "../../components/transaction/TransactionPanel.tsx";
import type { TransactionFlow, TransactionFlowControls } from "../../components/transaction/use-transaction-flow.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { AmountInput } from "../../components/ui/amount-input/AmountInput.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Dialog } from "../../components/ui/dialog/Dialog.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import type { ListedValidator } from "../../core/api/validators.ts";
import { formatDuration } from "../../core/format-duration.ts";
import { environmentChain } from "../../core/network-environment.ts";
import type { Network } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { useTopUp } from "./use-top-up.ts";

export interface TopUpDialogProps {
  readonly validator: ListedValidator;
  readonly network: Network;
  /** The validators screen's top-up flow (a top-up sent stays followed there after the dialog closes). */
  readonly controls: TransactionFlowControls;
  onClose(): void;
}

/** What a top-up under review does: the validator, its credentials, the balance after and when it is credited. */
export function TopUpSummary({ flow, symbol }: { readonly flow: TransactionFlow; readonly symbol: string }) {
  const { t, i18n } = useTranslation();
  if (flow.step !== "review" && flow.step !== "signing") return null;
  const details = flow.prepared.details ?? {};
  const left = BigInt(details.creditedAt ?? "0") - BigInt(Math.floor(Date.now() / 1000));
  return (
    <>
      <ReviewRow label={t("topUp.validator")}>
        {t("validators.cardHeading", { index: details.index ?? "" })}{" "}
        <code className="long-value">{details.pubkey}</code>
      </ReviewRow>
      <ReviewRow label={t("topUp.credentials")}>
        <code className="long-value">{details.withdrawalCredentials}</code>
      </ReviewRow>
      <ReviewRow label={t("topUp.balanceAfter")}>
        {t("topUp.balanceAfterValue", { amount: details.balanceAfter ?? "", symbol })}
      </ReviewRow>
      {details.sweptBack && details.sweptBack !== "0" ? (
        <ReviewRow label={t("topUp.sweptBackLabel")}>
          {t("topUp.sweptBackValue", { amount: details.sweptBack, symbol })}
        </ReviewRow>
      ) : null}
      <ReviewRow label={t("topUp.expected")}>
        {t("topUp.expectedValue", {
          epoch: details.creditedByEpoch ?? "",
          wait: formatDuration(left > 0n ? left : 0n, i18n.language),
        })}
      </ReviewRow>
    </>
  );
}

/**
 * "Top up" (on the Dialog component: focus stays inside, Escape closes, focus returns to the opener): adds coins
 * to a validator's balance from whichever address is connected. Says what a top-up's signature is (none the chain
 * checks) and, for 0x01 credentials, that the part above 32 ETH is swept back; "Review top-up" reads the validator
 * from the consensus layer, refuses what it would not credit, and goes on to the shared review.
 */
export function TopUpDialog({ validator, network, controls, onClose }: TopUpDialogProps) {
  const { t } = useTranslation();
  const { account } = useWallet();
  const environment = servedEnvironmentOf(network);
  const chain = environmentChain(network, environment);
  const contract = environment?.contracts?.deposit;
  const { symbol, decimals } = network;
  const topUp = useTopUp({ validator, network, chain, contract, account, controls });
  const { register, handleSubmit } = useForm<{ amount: string }>({ defaultValues: { amount: "" } });
  const name =
    validator.index === null ? t("validators.unindexed") : t("validators.cardHeading", { index: validator.index });
  const title = t("topUp.title", { name });
  const type = validator.withdrawalCredentials.slice(0, 4);

  if (!contract) {
    return (
      <Dialog title={title} onClose={onClose}>
        <Alert tone="danger">{t("topUp.unavailable", { network: chain.name })}</Alert>
      </Dialog>
    );
  }

  const { flow } = controls;
  const submit = handleSubmit((values) => topUp.review(values.amount));
  return (
    <Dialog title={title} onClose={onClose} className="top-up-dialog">
      {flow.step !== "idle" ? (
        <TransactionPanel
          flow={flow}
          symbol={symbol}
          decimals={decimals}
          explorerUrl={environment?.explorers?.execution?.url}
          network={network}
          summary={<TopUpSummary flow={flow} symbol={symbol} />}
          valueLabel={t("topUp.sent")}
          onConfirm={() => void controls.confirm()}
          onCancel={controls.reset}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="form-stack">
          <p>{t("topUp.explain", { symbol })}</p>
          <Alert tone="info" role="none">
            {t("topUp.signatureNote")}
          </Alert>
          {type === "0x02" ? (
            <p className="hint">{t("topUp.compoundingNote", { symbol })}</p>
          ) : (
            <Alert tone="warning" role="none">
              {t("topUp.sweepWarning", { symbol, type })}
            </Alert>
          )}
          <AmountInput
            label={t("topUp.amount", { symbol })}
            hint={t("topUp.amountHint", { symbol })}
            error={topUp.problem}
            symbol={symbol}
            decimals={decimals}
            {...register("amount")}
          />
          <WalletGate
            chain={chain}
            connectText={t("topUp.connectFirst")}
            wrongChainText={t("topUp.wrongChain", { network: chain.name })}
          >
            {() => (
              <div className="actions">
                <Button type="submit" loading={topUp.reading}>
                  {t("topUp.review")}
                </Button>
              </div>
            )}
          </WalletGate>
        </form>
      )}
    </Dialog>
  );
}
