import { useTranslation } from "react-i18next";
import type { SsvClusterOperator } from "../../core/api/ssv-clusters.ts";
import { Badge } from "../ui/badge/Badge.tsx";
import { CoinAmount } from "../ui/coin-amount/CoinAmount.tsx";
import { Table } from "../ui/table/Table.tsx";

/** The operators running a cluster's validators: id with verified (or removed) badge, and yearly fee. */
export function ClusterOperators({
  operators,
  ids,
}: {
  readonly operators: readonly SsvClusterOperator[];
  /** The cluster's operator ids as the cluster's label names them ("1, 2, 3, 4"). */
  readonly ids: string;
}) {
  const { t } = useTranslation();
  return (
    <Table
      className="ssv-cluster-operators"
      label={t("ssv.cluster.operatorsOf", { ids })}
      caption={t("ssv.cluster.operators", { count: operators.length })}
      rows={operators}
      rowKey={(operator) => String(operator.id)}
      rowProps={(operator) => ({ "data-operator": String(operator.id) })}
      empty={null}
      columns={[
        {
          key: "operator",
          header: t("ssv.operators.id"),
          cell: (operator) => (
            <span className="ssv-operator-id">
              {t("ssv.cluster.operatorId", { id: operator.id })}
              {operator.verified ? <Badge tone="success">{t("ssv.operators.verified")}</Badge> : null}
              {operator.removed ? <Badge tone="danger">{t("ssv.operators.removed")}</Badge> : null}
            </span>
          ),
        },
        {
          key: "fee",
          header: t("ssv.operators.fee"),
          numeric: true,
          cell: (operator) => (
            <CoinAmount
              value={operator.feePerYear}
              decimals={18}
              symbol="SSV"
              fractionDigits={2}
              amountStyle="atMost"
            />
          ),
        },
      ]}
    />
  );
}
