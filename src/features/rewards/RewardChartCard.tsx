import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card/Card.tsx";
import { Skeleton } from "../../components/ui/skeleton/Skeleton.tsx";
import type { RewardsHistoryRow, RewardType } from "../../core/api/rewards-history.ts";
import type { Network } from "../../generated/index.ts";
import { DailyRewardsChart } from "./DailyRewardsChart.tsx";

/** The daily chart in its card; while the rows load (`rows` undefined), a skeleton of the chart's size. */
export function RewardChartCard({
  rows,
  type,
  network,
}: {
  readonly rows: readonly RewardsHistoryRow[] | undefined;
  readonly type: RewardType;
  readonly network: Network;
}) {
  const { t } = useTranslation();
  return (
    <Card className="rewards-chart-card" aria-busy={rows === undefined}>
      {rows ? (
        <DailyRewardsChart rows={rows} type={type} network={network} />
      ) : (
        <>
          <span className="visually-hidden">{t("rewards.chart.loading")}</span>
          <Skeleton width="100%" />
        </>
      )}
    </Card>
  );
}
