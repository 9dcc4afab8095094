import { useTranslation } from "react-i18next";
import type { Transaction } from "../../../core/api/blockchain-api.ts";
import type { AccountServices } from "../../account/account-services.ts";
import { transactionCounterpart } from "../../account/transaction-counterpart.ts";
import { visibleTransactions } from "../../account/visible-transactions.ts";
import { shortAddress } from "../../format/format-balance.ts";
import { useAccountHistory } from "./use-account-queries.ts";

const SIGN = { in: "+", out: "−", self: "" } as const;

function TransactionRow({ transaction }: { readonly transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const { metadata, transfers } = transaction;
  const operation =
    metadata.operationType === "send" || metadata.operationType === "receive" ? metadata.operationType : "execute";
  const counterpart = transactionCounterpart(transaction);
  const when = new Date(metadata.minedAt);
  return (
    <li className="mk-activity-row">
      <span className="mk-row-name">
        <span>{t(`modalKit.activity.${operation}`)}</span>
        <span className="mk-token-name">
          {counterpart ? `${shortAddress(counterpart)} · ` : ""}
          <time dateTime={metadata.minedAt}>
            {Number.isNaN(when.getTime())
              ? metadata.minedAt
              : when.toLocaleString(i18n.language.replace("_", "-"), { dateStyle: "medium", timeStyle: "short" })}
          </time>
        </span>
      </span>
      <span className="mk-token-amounts">
        {transfers.map((transfer, index) => (
          // Transfers have no id of their own; their order within a transaction is fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className="mk-token-quantity">
            {`${SIGN[transfer.direction as keyof typeof SIGN] ?? ""}${transfer.quantity.numeric} ${transfer.fungible_info?.symbol ?? ""}`.trim()}
          </span>
        ))}
      </span>
    </li>
  );
}

/** Activity of the address on the active chain only, spam-only transactions hidden, 50 a page. */
export function ActivityList({
  services,
  address,
  caipNetworkId,
}: {
  readonly services: AccountServices;
  readonly address: string;
  readonly caipNetworkId: string;
}) {
  const { t } = useTranslation();
  const history = useAccountHistory(services, address, caipNetworkId);
  if (history.isPending)
    return (
      <p className="mk-note" aria-busy="true">
        …
      </p>
    );
  // 'Failed to fetch transactions' is the toast; the history becomes empty (spec section 8).
  const transactions = history.isError
    ? []
    : visibleTransactions(
        history.data.pages.flatMap((page) => page.data),
        caipNetworkId,
      );
  return (
    <>
      {transactions.length === 0 ? (
        <p className="mk-note">{t("modalKit.activity.empty")}</p>
      ) : (
        <ul className="mk-list" aria-label={t("modalKit.activity.title")} data-testid="mk-activity">
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
      {history.hasNextPage ? (
        <button
          type="button"
          className="mk-link-button"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t("modalKit.activity.more")}
        </button>
      ) : null}
    </>
  );
}
