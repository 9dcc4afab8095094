import { useTranslation } from "react-i18next";
import type { BadgeTone } from "../../components/ui/badge/Badge.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { Table } from "../../components/ui/table/Table.tsx";
import type { Environment, Network } from "../../generated/index.ts";
import { useStore } from "../../lib/store/use-store.ts";
import { pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import { type OperationLine, useOperationColumns } from "./operation-columns.tsx";
import { unseenTransactions } from "./unseen-transactions.ts";

const KINDS = ["stake", "claim", "unstake", "withdraw", "consolidation"] as const;
const TONES = {
  broadcast: "info",
  confirmed: "success",
  failed: "danger",
  replaced: "warning",
  dropped: "danger",
} as const;
const STATUSES = Object.keys(TONES) as (keyof typeof TONES)[];

type Line = OperationLine & { readonly sentKind: string };

/**
 * Operations this browser sent for the owner that the backend does not list yet, with their live status
 * (kept in local storage by the send path), in a card above the list: a stake just sent shows at once, a
 * failed one says so.
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
  const columns = useOperationColumns(network, environment);
  const all = useStore(pendingTransactions);
  const unseen = unseenTransactions(all, { owner, chainId: environment.chainId, seenHashes });
  if (unseen.length === 0) return null;
  const lines = unseen.map((entry): Line => {
    const kind = KINDS.find((candidate) => candidate === entry.kind);
    const status = STATUSES.find((candidate) => candidate === entry.status);
    const tone: BadgeTone = status ? TONES[status] : "neutral";
    return {
      sentKind: entry.kind,
      at: entry.sentAt,
      kind: t(`operations.sent.kinds.${kind ?? "other"}`),
      amountWei: /^\d+$/.test(entry.value) ? BigInt(entry.value) : null,
      status: { text: status ? t(`operations.sent.statuses.${status}`) : entry.status, tone },
      txHash: entry.hash,
    };
  });
  return (
    <Card className="sent-operations-card">
      <Table
        label={t("operations.sent.heading")}
        caption={t("operations.sent.heading")}
        className="sent-operations"
        columns={columns}
        rows={lines}
        rowKey={(line) => line.txHash}
        rowProps={(line) => ({ "data-sent": line.sentKind })}
        empty={null}
      />
    </Card>
  );
}
