import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { formatDuration } from "../../core/format-duration.ts";
import { earningRateBasisPoints, type PoolState } from "../../families/delegation-pool/read-pool-state.ts";
import type { PoolData } from "./pool-query.ts";

/**
 * "The pool": its name, annual rate, vote size, lock period, total staked, the whole votes it stakes and the
 * rate a staked coin earns now, as stat cards, with the rule that makes that rate (the pool earns on whole votes
 * only, shared by all its stake).
 */
export function PoolTerms({
  load,
  networkName,
  coin,
  onRetry,
}: {
  readonly load: UseQueryResult<PoolData>;
  readonly networkName: string;
  coin(wei: bigint): string;
  onRetry(): void;
}) {
  const { t, i18n } = useTranslation();
  const state: PoolState | undefined = load.data?.state;
  const loading = !state;
  const earningRate = (pool: PoolState) => {
    const rate = earningRateBasisPoints(pool);
    // Whole hundredths of a percent, rounded down: the figure never shows more than accrues.
    return rate === undefined
      ? t("pool.earningRateNone")
      : t("pool.aprValue", { apr: (Math.floor(rate) / 100).toFixed(2) });
  };
  return (
    <Card as="section" aria-labelledby="pool-terms" className="pool-card">
      <h2 id="pool-terms">{t("pool.termsHeading")}</h2>
      {load.isError ? (
        <Alert tone="danger">
          <p>{t("pool.loadFailed", { network: networkName })}</p>
          <div>
            <Button variant="secondary" onClick={onRetry}>
              {t("pool.retry")}
            </Button>
          </div>
        </Alert>
      ) : (
        <dl className="ui-stat-grid" aria-busy={load.isPending}>
          <Stat label={t("pool.name")} loading={loading} value={state?.name} />
          <Stat
            label={t("pool.apr")}
            loading={loading}
            value={state ? t("pool.aprValue", { apr: (state.aprBasisPoints / 100).toFixed(2) }) : undefined}
          />
          <Stat label={t("pool.voteSize")} loading={loading} value={state ? coin(state.voteUnitWei) : undefined} />
          <Stat
            label={t("pool.lockPeriod")}
            loading={loading}
            value={state ? formatDuration(state.lockPeriodSeconds, i18n.language) : undefined}
          />
          <Stat label={t("pool.totalStaked")} loading={loading} value={state ? coin(state.stakedWei) : undefined} />
          <Stat
            label={t("pool.poolVotes")}
            loading={loading}
            value={
              state
                ? t("pool.poolVotesValue", {
                    count: Number(state.votes),
                    amount: coin(state.votes * state.voteUnitWei),
                  })
                : undefined
            }
          />
          <Stat label={t("pool.earningRate")} loading={loading} value={state ? earningRate(state) : undefined} />
        </dl>
      )}
      {state && !load.isError ? (
        <p className="hint pool-earning-rule">
          {t("pool.earningRule", {
            unit: coin(state.voteUnitWei),
            apr: (state.aprBasisPoints / 100).toFixed(2),
            minimum: coin(state.minimumStakeWei),
          })}
        </p>
      ) : null}
    </Card>
  );
}
