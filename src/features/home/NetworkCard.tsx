import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { dashboardPathOf } from "../../components/network/network-links.ts";
import { describeMinimum, describeUnbonding } from "../../components/network-facts/describe-staking.ts";
import type { NetworkApr } from "../../components/network-stats/network-apr.ts";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { NetworkIcon } from "../../components/ui/network-icon/NetworkIcon.tsx";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import type { Network } from "../../generated/index.ts";
import { formatTotalStaked } from "./total-staked.ts";

/**
 * One network on the home page: icon, name, APR when known (and its source), total staked with the provider
 * when the server has one, minimum, unbonding, status, and links to its stake page and its dashboard.
 */
export function NetworkCard({
  network,
  apr,
  staked,
}: {
  readonly network: Network;
  readonly apr?: NetworkApr | undefined;
  readonly staked?: bigint | undefined;
}) {
  const { t, i18n } = useTranslation();
  const comingSoon = network.status === "coming-soon";
  const headingId = `network-${network.slug}`;
  return (
    <Card as="li" className="network-card" aria-labelledby={headingId}>
      <div className="network-card__head">
        <NetworkIcon network={network} size={40} />
        <h3 id={headingId}>
          {network.name} <span className="symbol">{network.symbol}</span>
        </h3>
        {comingSoon ? <Badge tone="warning">{t("app.comingSoon")}</Badge> : null}
      </div>
      <p className="network-card__text">{t(network.descriptionKey)}</p>
      <dl className="network-card__facts">
        {apr ? (
          <Stat
            data-field="apr"
            className="network-card__apr"
            label={t("stakingOverview.apr")}
            value={t("stakingOverview.percent", { value: apr.apr })}
            hint={t(`stakingOverview.aprShort.${apr.source}`)}
          />
        ) : null}
        {staked !== undefined ? (
          <div data-field="staked">
            <dt>{t("home.stakedLabel")}</dt>
            <dd>{formatTotalStaked(staked, network.decimals, network.symbol, i18n.language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("home.minimumLabel")}</dt>
          <dd>{describeMinimum(t, network.staking, network.symbol)}</dd>
        </div>
        <div>
          <dt>{t("home.unbondingLabel")}</dt>
          <dd>{describeUnbonding(t, network.staking)}</dd>
        </div>
      </dl>
      {comingSoon ? (
        <Link to={`/${network.slug}`} className={buttonClass("secondary", "network-card__link")}>
          {t("home.cardSoon", { network: network.name })}
        </Link>
      ) : (
        <div className="network-card__actions">
          <Link to={`/${network.slug}`} className={buttonClass("primary", "network-card__link")}>
            {t("home.cardLink", { symbol: network.symbol })}
          </Link>
          <Link
            to={dashboardPathOf(network)}
            className={buttonClass("secondary", "network-card__link")}
            aria-label={t("home.cardDashboardLabel", { network: network.name })}
          >
            {t("home.cardDashboard")}
          </Link>
        </div>
      )}
    </Card>
  );
}
