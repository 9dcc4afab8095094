import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import type { RewardsHistoryRow, RewardType } from "../../core/api/rewards-history.ts";
import { formatDay } from "../../core/format-date.ts";
import type { Network } from "../../generated/index.ts";
import { chartBars } from "./chart-bars.ts";

const WIDTH = 600;
const HEIGHT = 160;

/** The amount a row contributes to the chart of `type`. */
export function rewardOfType(row: RewardsHistoryRow, type: RewardType): bigint {
  if (type === "consensus") return row.consensusRewardWei;
  if (type === "execution") return row.executionRewardWei;
  return row.totalRewardWei;
}

/**
 * Bar chart of the days on the current history page, oldest left. An image to assistive technology, named
 * by its title, with a description (range, highest day) as its text alternative; the table lists every value.
 */
export function DailyRewardsChart({
  rows,
  type,
  network,
}: {
  readonly rows: readonly RewardsHistoryRow[];
  readonly type: RewardType;
  readonly network: Network;
}) {
  const { t } = useTranslation();
  const id = useId();
  const format = useFormatAmount();
  const ordered = [...rows].sort((a, b) => (a.day < b.day ? -1 : 1));
  const values = ordered.map((row) => ({ key: row.day, value: rewardOfType(row, type) }));
  const { bars, baseline } = chartBars(values, WIDTH, HEIGHT);
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  const highest = values.reduce(
    (top, entry) => (top === undefined || entry.value > top.value ? entry : top),
    values[0],
  );
  if (!first || !last || !highest) return null;
  const coin = (value: bigint) => format(value, network);
  return (
    <figure className="rewards-chart">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{t(`rewards.chart.title.${type}`)}</title>
        <desc id={`${id}-desc`}>
          {t("rewards.chart.description", {
            from: formatDay(first.day),
            to: formatDay(last.day),
            count: ordered.length,
            highest: coin(highest.value),
            day: formatDay(highest.key),
          })}
        </desc>
        <line x1={0} x2={WIDTH} y1={baseline} y2={baseline} className="chart-axis" />
        {bars.map((bar) => (
          <rect
            key={bar.key}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={Math.max(bar.height, 0.5)}
            className={bar.negative ? "chart-bar negative" : "chart-bar"}
          />
        ))}
      </svg>
      <figcaption>
        {t("rewards.chart.caption", {
          from: formatDay(first.day),
          to: formatDay(last.day),
          highest: coin(highest.value),
        })}
      </figcaption>
    </figure>
  );
}
