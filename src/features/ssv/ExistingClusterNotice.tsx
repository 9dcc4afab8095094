import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import type { SsvOffering } from "../../lib/ssv-offering.ts";
import { useOwnerCluster } from "./use-owner-cluster.ts";

/** Says when the connected owner already runs a cluster with these operators: the flow adds to it. */
export function ExistingClusterNotice({
  offering,
  operatorIds,
}: {
  readonly offering: SsvOffering;
  readonly operatorIds: readonly number[];
}) {
  const { t } = useTranslation();
  const { cluster } = useOwnerCluster(offering, operatorIds);
  if (!cluster) return null;
  return (
    <Alert tone="info" role="status">
      {t(cluster.liquidated ? "ssv.cluster.reuseLiquidated" : "ssv.cluster.reuse", {
        ids: operatorIds.join(", "),
        count: cluster.cluster.validatorCount,
        balance: formatUnits(cluster.balance, 18),
      })}
    </Alert>
  );
}
