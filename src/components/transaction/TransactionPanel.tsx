import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Network } from "../../generated/index.ts";
import { TransactionMaybeSentError } from "../../lib/transactions/transaction-errors.ts";
import { Alert } from "../ui/alert/Alert.tsx";
import { Button } from "../ui/button/Button.tsx";
import { CoinAmount } from "../ui/coin-amount/CoinAmount.tsx";
import { NetworkIcon } from "../ui/network-icon/NetworkIcon.tsx";
import { TxChip } from "../ui/tx-chip/TxChip.tsx";
import { ReviewRow } from "./ReviewRow.tsx";
import { TransactionStatus } from "./TransactionStatus.tsx";
import type { TransactionFlow } from "./use-transaction-flow.ts";
import "./transaction-panel.css";

export interface TransactionPanelProps {
  readonly flow: TransactionFlow;
  readonly symbol: string;
  readonly decimals: number;
  /** The chain's block explorer base URL, when it has one. */
  readonly explorerUrl?: string;
  /** The network (its icon beside the network's name in the review), when the screen has it. */
  readonly network?: Pick<Network, "icon" | "symbol">;
  /**
   * What the user receives (a claim's rewards, a withdrawal), read when the review opens and kept current by the
   * screen: the same figure its button shows. Shown first and largest; `note` says when it arrives.
   */
  readonly receive?: { readonly wei: bigint; readonly label?: string; readonly note?: string };
  /** Extra review rows (ReviewRow, what is being done, in the screen's words). */
  readonly summary?: ReactNode;
  /** Label of the transaction's value row (default "You send"), e.g. "Transaction value" when it includes a fee. */
  readonly valueLabel?: string;
  /** Headings of the broadcast and confirmed steps in the screen's words (default "Transaction broadcast", ...). */
  readonly headings?: { readonly broadcast?: string; readonly confirmed?: string };
  /** What the confirmed step offers instead of its "Done" button (links onward). */
  readonly confirmedActions?: ReactNode;
  /** Show review → sign → broadcast → confirmed (off where the screen has its own stepper). */
  readonly showSteps?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** "up to {amount}" in the page's language, the amount an element of its own (its exact value on hover). */
function UpTo({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const [before = "", after = ""] = t("transactions.upTo", { amount: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}

/**
 * The review, signing and result of one transaction: in this order what the user receives (when anything),
 * what they send, the highest network fee and the total leaving the wallet, before anything is signed; then "confirm in your wallet", "broadcast", "confirmed" or the specific error, with a
 * status badge. Each step's heading takes focus so keyboard and screen-reader users follow along.
 */
export function TransactionPanel(props: TransactionPanelProps) {
  const { flow, symbol, decimals, explorerUrl, headings, onCancel } = props;
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (flow.step !== "idle") heading.current?.focus();
  }, [flow.step]);
  if (flow.step === "idle") return null;
  // What the user receives rounds down, what leaves the wallet (sent, fee, total) up: see AmountStyle.
  const coin = (wei: bigint, atMost = false) => (
    <CoinAmount value={wei} decimals={decimals} symbol={symbol} amountStyle={atMost ? "atMost" : "amount"} />
  );
  const title = (text: string) => (
    <h3 ref={heading} tabIndex={-1} className="tx-panel__heading">
      {text}
    </h3>
  );
  const status = <TransactionStatus step={flow.step} showSteps={props.showSteps ?? true} />;

  switch (flow.step) {
    case "preparing":
      return (
        <section className="tx-panel" aria-busy="true">
          {status}
          {title(t("transactions.preparing"))}
        </section>
      );
    case "review":
    case "signing": {
      const { prepared } = flow;
      const signing = flow.step === "signing";
      const { receive } = props;
      // The largest figures are what the user gets, or else what leaves the wallet: never the fee alone.
      const sendEmphasis = !receive;
      return (
        <section className="tx-panel">
          {status}
          {title(t("transactions.reviewHeading"))}
          <dl className="tx-review">
            {receive ? (
              <ReviewRow label={receive.label ?? t("transactions.receive")} emphasis>
                <span data-field="receive">{coin(receive.wei)}</span>
                {receive.note ? <span className="tx-review__note">{receive.note}</span> : null}
              </ReviewRow>
            ) : null}
            {props.summary}
            <ReviewRow label={props.valueLabel ?? t("transactions.amount")} emphasis={sendEmphasis}>
              {coin(prepared.value ?? 0n, true)}
            </ReviewRow>
            <ReviewRow label={t("transactions.networkFee")}>
              <UpTo>{coin(prepared.networkFee, true)}</UpTo>
            </ReviewRow>
            <ReviewRow label={t("transactions.total")} emphasis={sendEmphasis}>
              <UpTo>{coin(prepared.total, true)}</UpTo>
            </ReviewRow>
            <ReviewRow label={t("transactions.network")}>
              <span className="tx-review__network">
                {props.network ? <NetworkIcon network={props.network} size={20} /> : null}
                {prepared.chain.name}
              </span>
            </ReviewRow>
          </dl>
          {flow.step === "review" && flow.notice ? (
            <Alert tone="warning">{t(flow.notice.shortMessage, flow.notice.values)}</Alert>
          ) : null}
          <p role="status" className="tx-panel__wallet">
            {signing ? t("transactions.confirmInWallet") : ""}
          </p>
          <div className="actions">
            <Button loading={signing} onClick={props.onConfirm}>
              {t("transactions.confirm")}
            </Button>
            <Button variant="secondary" disabled={signing} onClick={onCancel}>
              {t("transactions.cancel")}
            </Button>
          </div>
        </section>
      );
    }
    case "broadcast":
      return (
        <section className="tx-panel" aria-busy="true">
          {status}
          {title(headings?.broadcast ?? t("transactions.broadcastHeading"))}
          <p role="status">{t("transactions.broadcastText")}</p>
          <p>
            {t("transactions.hashLabel")} <TxChip hash={flow.pending.hash} explorerUrl={explorerUrl} />
          </p>
        </section>
      );
    case "confirmed":
      return (
        <section className="tx-panel">
          {status}
          {title(headings?.confirmed ?? t("transactions.confirmedHeading"))}
          <p role="status">{t("transactions.confirmedText")}</p>
          <p>
            {t("transactions.hashLabel")} <TxChip hash={flow.pending.hash} explorerUrl={explorerUrl} />
          </p>
          {props.confirmedActions ?? (
            <div className="actions">
              <Button variant="secondary" onClick={onCancel}>
                {t("transactions.done")}
              </Button>
            </div>
          )}
        </section>
      );
    case "failed":
      return (
        <section className="tx-panel">
          {status}
          {title(
            flow.error instanceof TransactionMaybeSentError
              ? t("transactions.maybeSentHeading")
              : t("transactions.failedHeading"),
          )}
          <Alert tone="danger">{t(flow.error.shortMessage, flow.error.values)}</Alert>
          <div className="actions">
            <Button variant="secondary" onClick={onCancel}>
              {t("transactions.back")}
            </Button>
          </div>
        </section>
      );
  }
}
