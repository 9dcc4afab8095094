import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import { formatDuration } from "../../core/format-duration.ts";
import { etaFor } from "../../core/queue-eta/index.ts";
import { readBeaconSnapshot } from "../../lib/api/beacon-snapshot-query.ts";

/**
 * The stake review's "Active" row: when the new validators would activate if sent now, behind the consensus
 * layer's pending deposits (Electra's finality, 16-a-epoch and churn rules, src/core/queue-eta), from the head
 * state the server reads from its Beacon API node.
 */
export function StakeActivationRow({
  network,
  environment,
  perValidatorGwei,
  count,
}: {
  readonly network: string;
  readonly environment: string;
  readonly perValidatorGwei: bigint;
  readonly count: number;
}) {
  const { t, i18n } = useTranslation();
  const snapshot = useQuery({
    queryKey: ["beacon-snapshot", network, environment] as const,
    queryFn: ({ signal }) => readBeaconSnapshot(network, environment, undefined, signal),
  });
  let text = t("ethStake.review.activeLoading");
  if (snapshot.data) {
    const eta = etaFor("electra");
    const epoch = eta.newValidatorActivationEpoch(snapshot.data, perValidatorGwei, count);
    const left = eta.epochStart(snapshot.data, epoch) - BigInt(Math.floor(Date.now() / 1000));
    text = t("ethStake.review.activeIn", {
      epoch: epoch.toString(),
      wait: formatDuration(left > 0n ? left : 0n, i18n.language),
    });
  } else if (snapshot.isError) {
    text = t("ethStake.review.activeUnknown");
  }
  return (
    <ReviewRow label={t("ethStake.review.activeLabel")}>
      <span data-field="activation">{text}</span>
    </ReviewRow>
  );
}
