import { useTranslation } from "react-i18next";
import { formatUnits } from "viem";
import type { SsvCluster } from "../../core/api/ssv-clusters.ts";
import { Alert } from "../ui/alert/Alert.tsx";
import { Badge } from "../ui/badge/Badge.tsx";
import { Button } from "../ui/button/Button.tsx";
import { Stat } from "../ui/stat/Stat.tsx";
import { StatGrid } from "../ui/stat-grid/StatGrid.tsx";
import "./cluster-runway.css";

/** Under this many days of runway a cluster is flagged: its owner should deposit SSV before liquidation. */
export const RUNWAY_WARNING_DAYS = 30;

const ssv = (wei: bigint) => `${formatUnits(wei, 18)} SSV`;

export interface ClusterRunwayProps {
  readonly cluster: SsvCluster;
  /** Offered when the cluster is liquidated: reactivate it with fresh SSV. */
  readonly onReactivate?: () => void;
  readonly busy?: boolean;
}

/** A cluster's operators, validators, balance, burn rate and runway; a warning under 30 days, reactivate once liquidated. */
export function ClusterRunway({ cluster, onReactivate, busy = false }: ClusterRunwayProps) {
  const { t } = useTranslation();
  const ids = cluster.operatorIds.join(", ");
  const days = cluster.runwayDays;
  return (
    <section className="ssv-runway" aria-label={t("ssv.cluster.label", { ids })}>
      <h3>
        {t("ssv.cluster.label", { ids })}{" "}
        {cluster.liquidated ? (
          <Badge tone="danger">{t("ssv.cluster.liquidated")}</Badge>
        ) : (
          <Badge tone="success">{t("ssv.cluster.active")}</Badge>
        )}
      </h3>
      <StatGrid>
        <Stat label={t("ssv.cluster.validators")} value={cluster.cluster.validatorCount} />
        <Stat label={t("ssv.cluster.balance")} value={ssv(cluster.balance)} />
        <Stat label={t("ssv.cluster.burnRate")} value={t("ssv.funding.perBlock", { amount: ssv(cluster.burnRate) })} />
        <Stat
          label={t("ssv.cluster.runway")}
          value={days === null ? t("ssv.cluster.noBurn") : t("ssv.cluster.days", { count: Math.floor(days) })}
        />
      </StatGrid>
      {cluster.liquidated ? (
        <Alert tone="danger" role="status" title={t("ssv.cluster.liquidatedTitle")}>
          <p>{t("ssv.cluster.liquidatedText")}</p>
          {onReactivate ? (
            <Button onClick={onReactivate} disabled={busy}>
              {t("ssv.cluster.reactivate")}
            </Button>
          ) : null}
        </Alert>
      ) : days !== null && days < RUNWAY_WARNING_DAYS ? (
        <Alert tone="warning" role="status">
          {t("ssv.cluster.lowRunway", { count: Math.floor(days) })}
        </Alert>
      ) : null}
    </section>
  );
}
