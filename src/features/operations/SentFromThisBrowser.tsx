import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { ScrollableRegion } from "../../components/table/ScrollableRegion.tsx";
import type { Environment, Network } from "../../generated/index.ts";
import { formatCoin } from "../../lib/format-coin.ts";
import { formatDate } from "../../lib/format-date.ts";
import { pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import { transactionExplorerUrl } from "./explorer-link.ts";
import { OperationsTableHead } from "./OperationsTableHead.tsx";
import { unseenTransactions } from "./unseen-transactions.ts";

const KINDS = ["stake", "claim", "unstake", "withdraw"] as const;
const STATUSES = ["broadcast", "confirmed", "failed", "replaced", "dropped"] as const;

/**
 * Operations this browser sent for the owner that the backend does not list yet, with their live status
 * (kept in local storage by the send path): a stake just sent shows at once, a failed one says so.
 */
export function SentFromThisBrowser({
  network,
  environment,
  owner,
  seenHashes,
}: {
  readonly network: Network;
  readonly environment: Environment;
  readonly owner: string;
  readonly seenHashes: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const all = useSyncExternalStore(pendingTransactions.subscribe, pendingTransactions.all, pendingTransactions.all);
  const unseen = unseenTransactions(all, { owner, chainId: environment.chainId, seenHashes });
  if (unseen.length === 0) return null;
  return (
    <ScrollableRegion label={t("operations.sent.heading")}>
      <table className="sent-operations">
        <caption>{t("operations.sent.heading")}</caption>
        <OperationsTableHead />
        <tbody>
          {unseen.map((entry) => {
            const kind = KINDS.find((candidate) => candidate === entry.kind);
            const status = STATUSES.find((candidate) => candidate === entry.status);
            const explorer = transactionExplorerUrl(environment, entry.hash);
            return (
              <tr key={entry.hash} data-sent={entry.kind}>
                <th scope="row">{formatDate(new Date(entry.sentAt))}</th>
                <td>{t(`operations.sent.kinds.${kind ?? "other"}`)}</td>
                <td>
                  {/^\d+$/.test(entry.value) ? formatCoin(BigInt(entry.value), network.decimals, network.symbol) : "—"}
                </td>
                <td>{status ? t(`operations.sent.statuses.${status}`) : entry.status}</td>
                <td className="hash">
                  {explorer ? (
                    <a href={explorer} target="_blank" rel="noopener noreferrer">
                      {t("operations.viewOn", { explorer: environment.explorers?.execution?.name ?? "" })}
                      <span className="visually-hidden"> {entry.hash}</span>
                    </a>
                  ) : (
                    <code>{entry.hash}</code>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollableRegion>
  );
}
