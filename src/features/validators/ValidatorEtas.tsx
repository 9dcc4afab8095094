import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { FAR_FUTURE_EPOCH, gweiText } from "../../core/electra/request-checks.ts";
import { formatDuration } from "../../core/format-duration.ts";
import { etaFor } from "../../core/queue-eta/index.ts";
import { readBeaconSnapshot } from "../../lib/api/beacon-snapshot-query.ts";
import { ownerQueryKey } from "../../lib/api/owner-query-key.ts";
import { useStore } from "../../lib/store/use-store.ts";
import { pendingTransactions } from "../../lib/transactions/pending-transactions.ts";
import { TOP_UP_TRANSACTION_KIND } from "./use-top-up.ts";

/** Statuses with nothing queued ahead of them: no ETA to read. */
const SETTLED = new Set(["withdrawal_done"]);

/**
 * The card's "Expected" rows: when the consensus layer's queues let a pending deposit activate, an exit be swept,
 * a partial withdrawal be paid, a consolidation move the balance to its target (Electra's rules, src/core/queue-eta),
 * from the head state the server reads from its Beacon API node; and an upgrade or consolidation this browser sent
 * that the consensus layer has not processed yet, as pending. Nothing is shown while the state loads or when it
 * cannot be read: the card's facts stand alone.
 */
export function ValidatorEtas({
  scope,
  pubkey,
  status,
  symbol,
}: {
  readonly scope: OwnerScope;
  readonly pubkey: string;
  readonly status: string;
  readonly symbol: string;
}) {
  const { t, i18n } = useTranslation();
  const snapshot = useQuery({
    queryKey: [...ownerQueryKey(scope), "beacon-snapshot", pubkey.toLowerCase()] as const,
    queryFn: ({ signal }) => readBeaconSnapshot(scope.network, scope.environment, pubkey, signal),
    enabled: !SETTLED.has(status),
  });
  const sent = useStore(pendingTransactions);
  if (!snapshot.data) return null;
  const data = snapshot.data;
  const key = pubkey.toLowerCase();
  const beaconView = data.validator;
  // Sent from here and mined, not yet taken up by the consensus layer: an upgrade until the credentials are 0x02, a
  // consolidation until its source is queued (or exiting).
  const pending = sent
    .filter(
      (entry) =>
        entry.kind === "consolidation" &&
        (entry.status === "broadcast" || entry.status === "confirmed") &&
        entry.details.sourcePubkey?.toLowerCase() === key,
    )
    .filter((entry) =>
      entry.details.choice === "upgrade"
        ? !beaconView?.withdrawalCredentials.startsWith("0x02")
        : beaconView?.exitEpoch === FAR_FUTURE_EPOCH,
    )
    .map((entry) =>
      entry.details.choice === "upgrade"
        ? t("validators.eta.upgradePending")
        : t("validators.eta.consolidationPending", { index: entry.details.targetIndex ?? "" }),
    );
  // A top-up sent from here and not mined yet; once mined, the consensus layer queues it within a slot (EIP-6110)
  // and the queue's row below takes over.
  pending.push(
    ...sent
      .filter(
        (entry) =>
          entry.kind === TOP_UP_TRANSACTION_KIND &&
          entry.status === "broadcast" &&
          entry.details.pubkey?.toLowerCase() === key,
      )
      .map((entry) =>
        t("validators.eta.topUpSent", { amount: gweiText(BigInt(entry.details.amountGwei ?? "0")), symbol }),
      ),
  );
  const eta = etaFor("electra");
  const nowSeconds = BigInt(Math.floor(Date.now() / 1000));
  const wait = (epoch: bigint) => {
    const left = eta.epochStart(data, epoch) - nowSeconds;
    return formatDuration(left > 0n ? left : 0n, i18n.language);
  };
  const rows = eta.validatorEtas(data, pubkey).map((entry) => {
    if (entry.kind === "activation")
      return t("validators.eta.activation", { epoch: entry.epoch.toString(), wait: wait(entry.epoch) });
    if (entry.kind === "exit")
      return t("validators.eta.exit", {
        exitEpoch: entry.exitEpoch.toString(),
        epoch: entry.paidByEpoch.toString(),
        wait: wait(entry.paidByEpoch),
      });
    if (entry.kind === "consolidation")
      return t("validators.eta.consolidation", {
        index: entry.targetIndex,
        epoch: entry.movedByEpoch.toString(),
        wait: wait(entry.movedByEpoch),
      });
    if (entry.kind === "topUp")
      return t("validators.eta.topUp", {
        amount: gweiText(entry.amountGwei),
        symbol,
        epoch: entry.creditedByEpoch.toString(),
        wait: wait(entry.creditedByEpoch),
      });
    return t("validators.eta.partial", {
      amount: gweiText(entry.amountGwei),
      symbol,
      epoch: entry.paidByEpoch.toString(),
      wait: wait(entry.paidByEpoch),
    });
  });
  // A consolidation's target: what it is about to receive (the source's own card says when).
  const receiving = data.pendingConsolidations
    .filter((entry) => beaconView && entry.targetIndex === beaconView.index)
    .map((entry) => t("validators.eta.receiving", { index: entry.sourceIndex }));
  rows.unshift(...pending, ...receiving);
  if (rows.length === 0) return null;
  return (
    <>
      <dt>{t("validators.eta.label")}</dt>
      <dd data-field="eta">
        {rows.map((row) => (
          <span key={row} className="validator-card__eta">
            {row}
          </span>
        ))}
      </dd>
    </>
  );
}
