import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatCoinExact } from "../../lib/format-coin.ts";
import { TransactionMaybeSentError } from "../../lib/transactions/transaction-errors.ts";
import { TransactionLink } from "./TransactionLink.tsx";
import type { TransactionFlow } from "./use-transaction-flow.ts";

export interface TransactionPanelProps {
  readonly flow: TransactionFlow;
  readonly symbol: string;
  readonly decimals: number;
  /** The chain's block explorer base URL, when it has one. */
  readonly explorerUrl?: string;
  /** Extra review rows (what is being done, in the screen's words). */
  readonly summary?: ReactNode;
  /** Label of the transaction's value row (default "Amount"), e.g. "Transaction value" when it includes a fee. */
  readonly valueLabel?: string;
  /** Headings of the broadcast and confirmed steps in the screen's words (default "Transaction broadcast", ...). */
  readonly headings?: { readonly broadcast?: string; readonly confirmed?: string };
  /** What the confirmed step offers instead of its "Done" button (links onward). */
  readonly confirmedActions?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The review, signing and result of one transaction: amount, the highest network fee and the total before
 * anything is signed; then "confirm in your wallet", "broadcast", "confirmed" or the specific error. Each
 * step's heading takes focus so keyboard and screen-reader users follow along.
 */
export function TransactionPanel({
  flow,
  symbol,
  decimals,
  explorerUrl,
  summary,
  valueLabel,
  headings,
  confirmedActions,
  onConfirm,
  onCancel,
}: TransactionPanelProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (flow.step !== "idle") heading.current?.focus();
  }, [flow.step]);
  const coin = (wei: bigint) => formatCoinExact(wei, decimals, symbol);

  switch (flow.step) {
    case "idle":
      return null;
    case "preparing":
      return (
        <section className="tx-panel" aria-busy="true">
          <h3 ref={heading} tabIndex={-1}>
            {t("transactions.preparing")}
          </h3>
        </section>
      );
    case "review":
    case "signing": {
      const { prepared } = flow;
      const signing = flow.step === "signing";
      return (
        <section className="tx-panel">
          <h3 ref={heading} tabIndex={-1}>
            {t("transactions.reviewHeading")}
          </h3>
          <dl className="tx-review">
            {summary}
            <dt>{valueLabel ?? t("transactions.amount")}</dt>
            <dd>{coin(prepared.value ?? 0n)}</dd>
            <dt>{t("transactions.networkFee")}</dt>
            <dd>{t("transactions.upTo", { amount: coin(prepared.networkFee) })}</dd>
            <dt>{t("transactions.total")}</dt>
            <dd>{t("transactions.upTo", { amount: coin(prepared.total) })}</dd>
            <dt>{t("transactions.network")}</dt>
            <dd>{prepared.chain.name}</dd>
          </dl>
          {flow.step === "review" && flow.notice ? (
            <p role="alert">{t(flow.notice.shortMessage, flow.notice.values)}</p>
          ) : null}
          <p role="status">{signing ? t("transactions.confirmInWallet") : ""}</p>
          <div className="actions">
            <button type="button" className="primary" disabled={signing} onClick={onConfirm}>
              {t("transactions.confirm")}
            </button>
            <button type="button" disabled={signing} onClick={onCancel}>
              {t("transactions.cancel")}
            </button>
          </div>
        </section>
      );
    }
    case "broadcast":
      return (
        <section className="tx-panel" aria-busy="true">
          <h3 ref={heading} tabIndex={-1}>
            {headings?.broadcast ?? t("transactions.broadcastHeading")}
          </h3>
          <p role="status">{t("transactions.broadcastText")}</p>
          <p>
            <TransactionLink hash={flow.pending.hash} explorerUrl={explorerUrl} />
          </p>
        </section>
      );
    case "confirmed":
      return (
        <section className="tx-panel">
          <h3 ref={heading} tabIndex={-1}>
            {headings?.confirmed ?? t("transactions.confirmedHeading")}
          </h3>
          <p role="status">{t("transactions.confirmedText")}</p>
          <p>
            <TransactionLink hash={flow.pending.hash} explorerUrl={explorerUrl} />
          </p>
          {confirmedActions ?? (
            <button type="button" onClick={onCancel}>
              {t("transactions.done")}
            </button>
          )}
        </section>
      );
    case "failed":
      return (
        <section className="tx-panel">
          <h3 ref={heading} tabIndex={-1}>
            {flow.error instanceof TransactionMaybeSentError
              ? t("transactions.maybeSentHeading")
              : t("transactions.failedHeading")}
          </h3>
          <p role="alert">{t(flow.error.shortMessage, flow.error.values)}</p>
          <button type="button" onClick={onCancel}>
            {t("transactions.back")}
          </button>
        </section>
      );
  }
}
