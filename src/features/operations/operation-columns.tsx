import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "../../components/ui/badge/Badge.tsx";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import type { TableColumn } from "../../components/ui/table/Table.tsx";
import { formatDate } from "../../core/format-date.ts";
import type { Environment, Network } from "../../generated/index.ts";
import { transactionExplorerUrl } from "./explorer-link.ts";

/** One line of an operations table, from the backend's list or from what this browser sent. */
export interface OperationLine {
  readonly at: number;
  /** What it was, in words ("Stake (2 validators)"). */
  readonly kind: string;
  readonly amountWei: bigint | null;
  readonly status: { readonly text: string; readonly tone: BadgeTone };
  readonly txHash: string;
}

/** The columns of an operations table: date, what it was, amount, status and its transaction. */
export function useOperationColumns(
  network: Network,
  environment: Environment | undefined,
): TableColumn<OperationLine>[] {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const explorerName = environment?.explorers?.execution?.name ?? "";
  return [
    {
      key: "date",
      header: t("operations.columns.date"),
      cell: (line) => formatDate(new Date(line.at)),
      sortValue: (line) => line.at,
    },
    { key: "kind", header: t("operations.columns.kind"), cell: (line) => line.kind, sortValue: (line) => line.kind },
    {
      key: "amount",
      header: t("operations.columns.amount"),
      numeric: true,
      cell: (line) => (line.amountWei === null ? "—" : format(line.amountWei, network)),
      sortValue: (line) => line.amountWei ?? -1n,
    },
    {
      key: "status",
      header: t("operations.columns.status"),
      cell: (line) => <Badge tone={line.status.tone}>{line.status.text}</Badge>,
    },
    {
      key: "transaction",
      header: t("operations.columns.transaction"),
      wrap: true,
      cell: (line) => {
        const explorer = transactionExplorerUrl(environment, line.txHash);
        return explorer ? (
          <a href={explorer} target="_blank" rel="noopener noreferrer">
            {t("operations.viewOn", { explorer: explorerName })}
            <span className="visually-hidden"> {line.txHash}</span>
          </a>
        ) : (
          <code>{line.txHash}</code>
        );
      },
    },
  ];
}
