import type { UseQueryResult } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { pickNetworkApr } from "../../components/network-stats/network-apr.ts";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { NetworkIcon } from "../../components/ui/network-icon/NetworkIcon.tsx";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import type { NetworkStats } from "../../core/api/network-stats.ts";
import { offersStaking } from "../../families/requirements.ts";
import { networksInHomeOrder } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import { formatTotalStaked, totalStakedOf } from "./total-staked.ts";

const LIVE = networksInHomeOrder.filter((network) => network.status === "live");
/** As the hero says: the networks one can stake on with the provider, not every network that has a page. */
const OPEN_FOR_STAKING = networksInHomeOrder.filter(offersStaking).length;

/**
 * The hero's live figures from the server's network stats: the APR of each live network that has one, with its
 * source, and what is staked on it with the provider; skeletons while they load; when the server cannot be
 * reached, says so and offers to ask again.
 */
export function LiveRates({ stats }: { readonly stats: UseQueryResult<NetworkStats> }) {
  const { t, i18n } = useTranslation();
  const loading = stats.isPending;
  const rates = stats.isSuccess
    ? LIVE.flatMap((network) => {
        const environment = servedEnvironmentOf(network)?.id;
        const apr = pickNetworkApr(stats.data, network, environment);
        const staked = totalStakedOf(stats.data, network.slug, environment);
        return apr || staked ? [{ network, apr, staked }] : [];
      })
    : [];
  return (
    <Card as="section" raised className="live-rates" aria-labelledby="live-rates-heading" aria-busy={loading}>
      <h2 id="live-rates-heading">{t("home.live.heading")}</h2>
      <dl className="live-rates__figures">
        <Stat label={t("home.live.networksLabel")} value={OPEN_FOR_STAKING} />
        {loading ? <Stat label={<span className="visually-hidden">{t("home.live.loading")}</span>} loading /> : null}
        {rates.map(({ network, apr, staked }) => (
          <Fragment key={network.slug}>
            {apr ? (
              <Stat
                label={
                  <span className="live-rates__network">
                    <NetworkIcon network={network} size={20} />
                    {t("home.live.aprLabel", { network: network.name })}
                  </span>
                }
                value={t("stakingOverview.percent", { value: apr.apr })}
                hint={
                  <Badge tone={apr.source === "measured" ? "success" : "neutral"}>
                    {t(`stakingOverview.aprShort.${apr.source}`)}
                  </Badge>
                }
              />
            ) : null}
            {staked !== undefined ? (
              <Stat
                data-field="staked"
                className="live-rates__staked"
                label={t("home.live.stakedLabel", { network: network.name })}
                value={formatTotalStaked(staked, network.decimals, network.symbol, i18n.language)}
              />
            ) : null}
          </Fragment>
        ))}
      </dl>
      {stats.isSuccess ? (
        <p className="live-rates__note live-rates__source">
          {rates.length === 0 ? t("home.live.none") : t("home.live.source")}
        </p>
      ) : null}
      {stats.isError ? (
        <div className="live-rates__note" role="status">
          <p>{t("home.live.unavailable")}</p>
          <Button variant="secondary" onClick={() => void stats.refetch()}>
            {t("home.live.retry")}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
