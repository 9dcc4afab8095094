import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { useNetworkApr } from "../../components/network-stats/network-apr.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { networkStatsQueryOptions } from "../../lib/api/network-stats-query.ts";
import { rewardsSummaryQueryOptions } from "../../lib/api/rewards-summary-query.ts";
import { formatCoin } from "../../lib/format-coin.ts";

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
  const data = summary.data;
  const coin = (value: bigint) => formatCoin(value, network.decimals, network.symbol);
  const withAddress = (path: string) => (viewed.source === "address" ? `${path}?address=${viewed.owner}` : path);
  return (
    <article className="dashboard-screen staking-overview">
      <h1>
        {network.name} · {t("network.screens.staking")}
      </h1>
      <p>{t("stakingOverview.intro", { network: network.name, symbol: network.symbol })}</p>
      <OwnerAddressForm viewed={viewed} />
      <section aria-labelledby="staking-position">
        <h2 id="staking-position">{t("stakingOverview.positionHeading")}</h2>
        {!tracked ? <p>{t("stakingOverview.notTracked", { network: network.name })}</p> : null}
        {tracked && viewed.owner && !scope ? (
          <p className="notice">{t("stakingOverview.unavailable", { network: network.name })}</p>
        ) : null}
        {tracked && !viewed.owner ? <p>{t("stakingOverview.chooseOwner")}</p> : null}
        {summary.isLoading ? <p aria-busy="true">{t("stakingOverview.loading")}</p> : null}
        {summary.isError ? (
          <ApiErrorAlert
            message={t("stakingOverview.failed")}
            error={summary.error}
            retryLabel={t("stakingOverview.retry")}
            onRetry={() => void summary.refetch()}
          />
        ) : null}
        {data ? (
          <dl className="summary-grid">
            <div className="summary-item" data-field="validators">
              <dt>{t("stakingOverview.validators")}</dt>
              <dd>{data.validatorCount}</dd>
            </div>
            <div className="summary-item" data-field="staked">
              <dt>{t("stakingOverview.staked")}</dt>
              <dd>{coin(data.stakedWei)}</dd>
            </div>
            <div className="summary-item" data-field="rewards">
              <dt>{t("stakingOverview.rewards")}</dt>
              <dd>{coin(data.earnedWei)}</dd>
            </div>
          </dl>
        ) : null}
        <ul className="more-links">
          {network.screens.includes("stake") ? (
            <li>
              <Link to={`/${network.slug}`}>{t("stakingOverview.linkStake", { symbol: network.symbol })}</Link>
            </li>
          ) : null}
          {network.screens.includes("reward") ? (
            <li>
              <Link to={withAddress(`/${network.slug}/reward`)}>{t("stakingOverview.linkRewards")}</Link>
            </li>
          ) : null}
          {network.screens.includes("validator") ? (
            <li>
              <Link to={withAddress(`/${network.slug}/validator`)}>{t("stakingOverview.linkValidators")}</Link>
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="staking-network">
        <h2 id="staking-network">{t("stakingOverview.networkHeading", { network: network.name })}</h2>
        <dl className="summary-grid">
          <div className="summary-item" data-field="apr">
            <dt>{t("stakingOverview.apr")}</dt>
            <dd>{apr ? t("stakingOverview.percent", { value: apr.apr }) : "—"}</dd>
          </div>
        </dl>
        <p className="hint">
          {apr
            ? t(`stakingOverview.aprSource.${apr.source}`, { network: network.name })
            : stats.isError
              ? t("stakingOverview.aprSource.unreachable", { network: network.name })
              : stats.isSuccess
                ? t("stakingOverview.aprSource.none", { network: network.name })
                : t("stakingOverview.loading")}
        </p>
      </section>
    </article>
  );
}
