import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import { shortAddress } from "../../format/format-balance.ts";
import { useKit } from "../../modal/kit-context.ts";
import type { SentTransfer } from "../../router/views.ts";

/** Stands for the receiver in the translated sentence, which is split around it. */
const RECEIVER = "\u0000";

/**
 * The confirmation of a send just mined: what went where, the transaction hash (with copy), a link to it on the
 * network's block explorer (or, on a network without one, a plain word that there is none), and the sent
 * token's balance read after the receipt. It takes the focus; Back to account pops it.
 */
export function SentPanel({ sent }: { readonly sent: SentTransfer }) {
  const { t } = useTranslation();
  const { kit, toasts } = useKit();
  const { chain } = useConnection();
  const explorer = chain?.blockExplorers?.default;
  // The sentence around the receiver, which must not break across lines ("0x7099…" / "79C8").
  const [before = "", after = ""] = t("modalKit.send.sentSummary", {
    amount: sent.amount,
    symbol: sent.symbol,
    receiver: RECEIVER,
  }).split(RECEIVER);
  return (
    <div className="mk-body mk-center" data-testid="mk-sent">
      <p className="mk-success-mark" aria-hidden="true">
        ✓
      </p>
      <p className="mk-sent-summary" tabIndex={-1} data-autofocus="" data-testid="mk-sent-summary">
        {before}
        <span className="mk-nowrap">{shortAddress(sent.receiver)}</span>
        {after}
      </p>
      <p className="mk-note">{t("modalKit.send.hash")}</p>
      <p className="mk-address mk-address-full" data-testid="mk-sent-hash">
        {sent.hash}
      </p>
      <button
        type="button"
        className="mk-link-button"
        onClick={() =>
          void navigator.clipboard?.writeText(sent.hash).then(
            () => toasts.show({ variant: "success", textKey: "modalKit.send.hashCopied" }),
            () => toasts.show({ variant: "error", textKey: "modalKit.send.hashCopyFailed" }),
          )
        }
      >
        {t("modalKit.send.copyHash")}
      </button>
      {explorer ? (
        <a className="mk-link-button" href={`${explorer.url}/tx/${sent.hash}`} target="_blank" rel="noreferrer">
          {t("modalKit.send.viewOnExplorer", { explorer: explorer.name })}
        </a>
      ) : (
        <p className="mk-note" data-testid="mk-sent-no-explorer">
          {t("modalKit.send.noExplorer", { network: chain?.name ?? "" })}
        </p>
      )}
      <p className="mk-balance" data-testid="mk-sent-balance">
        {sent.balance === undefined
          ? t("modalKit.errors.tokenBalanceUnavailable")
          : t("modalKit.send.newBalance", { quantity: sent.balance, symbol: sent.symbol })}
      </p>
      <button type="button" className="mk-button" onClick={() => kit.store.goBack()}>
        {t("modalKit.send.backToAccount")}
      </button>
    </div>
  );
}
