import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { useNetworkApr } from "../../components/network-stats/network-apr.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import { networkStatsQueryOptions } from "../../lib/api/network-stats-query.ts";
import { rewardsSummaryQueryOptions } from "../../lib/api/rewards-summary-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import "./rewards.css";

/**
 * /:network/staking (the network staking wrapper): what the viewed address has staked on the network
 * (validators, staked, rewards) where the backend tracks it, the network's APR, and links onward.
 */
export function StakingOverviewPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const viewed = useViewedOwner();
  const tracked = network.screens.includes("reward");
  const scope = tracked ? ownerScopeOf(network, viewed.owner) : undefined;
  const summary = useQuery(rewardsSummaryQueryOptions(scope));
  const stats = useQuery(networkStatsQueryOptions());
  const apr = useNetworkApr(network);
  // The server reports this environment but has no measured rate yet (under 7 days of rewards, or none sane).
  const measuring =
    !apr &&
    Boolean(
      stats.data?.networks
        .find((entry) => entry.network === network.slug)
        ?.environments.some((entry) => entry.environment === servedEnvironmentOf(network)?.id),
    );
  const data = summary.data;
  const format = useFormatAmount();
  const coin = (value: bigint) => format(value, network);
  const withAddress = (path: string) => (viewed.source === "address" ? `${path}?address=${viewed.owner}` : path);
  return (
    <article className="dashboard-screen staking-overview">
      <h1>
        {network.name} · {t("network.screens.staking")}
      </h1>
      <p>{t("stakingOverview.intro", { network: network.name, symbol: network.symbol })}</p>
      <OwnerAddressForm viewed={viewed} />
      <section aria-labelledby="staking-position" className="dashboard-section">
        <h2 id="staking-position">{t("stakingOverview.positionHeading")}</h2>
        {!tracked ? <p>{t("stakingOverview.notTracked", { network: network.name })}</p> : null}
        {tracked && viewed.owner && !scope ? (
          <Alert role="none">{t("stakingOverview.unavailable", { network: network.name })}</Alert>
        ) : null}
        {tracked && !viewed.owner ? <p>{t("stakingOverview.chooseOwner")}</p> : null}
        {summary.isError ? (
          <ApiErrorAlert
            message={t("stakingOverview.failed")}
            error={summary.error}
            retryLabel={t("stakingOverview.retry")}
            onRetry={() => void summary.refetch()}
          />
        ) : null}
        {data || (summary.isPending && scope) ? (
          <StatGrid aria-busy={!data}>
            <Stat
              data-field="validators"
              label={t("stakingOverview.validators")}
              value={data?.validatorCount}
              loading={!data}
            />
            <Stat
              data-field="staked"
              className="ui-stat--lead"
              label={t("stakingOverview.staked")}
              value={data && coin(data.stakedWei)}
              loading={!data}
            />
            <Stat
              data-field="rewards"
              label={t("stakingOverview.rewards")}
              value={data && coin(data.earnedWei)}
              loading={!data}
            />
          </StatGrid>
        ) : null}
        <ul className="staking-links">
          {network.screens.includes("stake") ? (
            <li>
              <Link className={buttonClass("primary")} to={`/${network.slug}`}>
                {t("stakingOverview.linkStake", { symbol: network.symbol })}
              </Link>
            </li>
          ) : null}
          {network.screens.includes("reward") ? (
            <li>
              <Link className={buttonClass("secondary")} to={withAddress(`/${network.slug}/reward`)}>
                {t("stakingOverview.linkRewards")}
              </Link>
            </li>
          ) : null}
          {network.screens.includes("validator") ? (
            <li>
              <Link className={buttonClass("secondary")} to={withAddress(`/${network.slug}/validator`)}>
                {t("stakingOverview.linkValidators")}
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="staking-network" className="dashboard-section">
        <h2 id="staking-network">{t("stakingOverview.networkHeading", { network: network.name })}</h2>
        <StatGrid>
          <Stat
            data-field="apr"
            className="ui-stat--lead"
            label={t("stakingOverview.apr")}
            value={
              apr
                ? t("stakingOverview.percent", { value: apr.apr })
                : measuring
                  ? t("rewards.summary.aprNotEnough")
                  : "—"
            }
            loading={!apr && stats.isPending}
          />
        </StatGrid>
        <p className="hint">
          {apr
            ? t(`stakingOverview.aprSource.${apr.source}`, { network: network.name })
            : stats.isError
              ? t("stakingOverview.aprSource.unreachable", { network: network.name })
              : measuring
                ? t("stakingOverview.aprSource.notEnough", { network: network.name })
                : stats.isSuccess
                  ? t("stakingOverview.aprSource.none", { network: network.name })
                  : t("stakingOverview.loading")}
        </p>
      </section>
    </article>
  );
}
