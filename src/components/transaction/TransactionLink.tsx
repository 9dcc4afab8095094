import { useTranslation } from "react-i18next";
import { explorerTransactionUrl } from "../../lib/explorer-links.ts";

/** A transaction: a link to the chain's explorer when it has one, else its hash as it is. */
export function TransactionLink({ hash, explorerUrl }: { readonly hash: string; readonly explorerUrl?: string }) {
  const { t } = useTranslation();
  return explorerUrl ? (
    <a href={explorerTransactionUrl(explorerUrl, hash)} rel="noopener noreferrer" target="_blank">
      {t("transactions.viewOnExplorer")}
    </a>
  ) : (
    <code className="tx-hash">{hash}</code>
  );
}
