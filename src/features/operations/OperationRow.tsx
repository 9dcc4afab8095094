import { useTranslation } from "react-i18next";
import type { Environment, Network } from "../../generated/index.ts";
import { OPERATION_KINDS, type Operation } from "../../lib/api/operations.ts";
import { formatCoin } from "../../lib/format-coin.ts";
import { formatDate } from "../../lib/format-date.ts";
import { transactionExplorerUrl } from "./explorer-link.ts";

/** One operation: day, what it was, amount, status and its transaction (an explorer link, or the hash). */
export function OperationRow({
  operation,
  network,
  environment,
}: {
  readonly operation: Operation;
  readonly network: Network;
  readonly environment: Environment | undefined;
}) {
  const { t } = useTranslation();
  const known = OPERATION_KINDS.find((kind) => kind === operation.kind);
  const kind = known ? t(`operations.kinds.${known}`) : operation.kind;
  const validators = typeof operation.details?.validators === "number" ? operation.details.validators : undefined;
  const explorer = transactionExplorerUrl(environment, operation.txHash);
  const status = operation.status === "confirmed" || operation.status === "reorged" ? operation.status : undefined;
  return (
    <tr data-kind={operation.kind}>
      <th scope="row">{formatDate(new Date(operation.occurredAt))}</th>
      <td>{validators !== undefined ? t("operations.kindWithValidators", { kind, count: validators }) : kind}</td>
      <td>{operation.amountWei === null ? "—" : formatCoin(operation.amountWei, network.decimals, network.symbol)}</td>
      <td>
        <span className={`status status-${operation.status}`}>
          {status ? t(`operations.statuses.${status}`) : operation.status}
        </span>
      </td>
      <td className="hash">
        {explorer ? (
          <a href={explorer} target="_blank" rel="noopener noreferrer">
            {t("operations.viewOn", { explorer: environment?.explorers?.execution?.name ?? "" })}
            <span className="visually-hidden"> {operation.txHash}</span>
          </a>
        ) : (
          <code>{operation.txHash}</code>
        )}
      </td>
    </tr>
  );
}
