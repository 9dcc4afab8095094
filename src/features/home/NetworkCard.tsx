import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { describeMinimum, describeUnbonding } from "../../components/network-facts/describe-staking.ts";
import type { NetworkApr } from "../../components/network-stats/get-network-stats.ts";
import type { Network } from "../../generated/index.ts";

/** One network on the home page: name, minimum, unbonding, APR when known (and its source), coming-soon badge, link. */
export function NetworkCard({ network, apr }: { readonly network: Network; readonly apr?: NetworkApr | undefined }) {
  const { t } = useTranslation();
  const comingSoon = network.status === "coming-soon";
  const headingId = `network-${network.slug}`;
  return (
    <li className="network-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {network.name} <span className="symbol">{network.symbol}</span>
      </h3>
      {comingSoon ? <span className="badge">{t("app.comingSoon")}</span> : null}
      <p>{t(network.descriptionKey)}</p>
      <dl>
        <div>
          <dt>{t("home.minimumLabel")}</dt>
          <dd>{describeMinimum(t, network.staking, network.symbol)}</dd>
        </div>
        <div>
          <dt>{t("home.unbondingLabel")}</dt>
          <dd>{describeUnbonding(t, network.staking)}</dd>
        </div>
        {apr ? (
          <div data-field="apr">
            <dt>{t("stakingOverview.apr")}</dt>
            <dd>
              {t("stakingOverview.percent", { value: apr.apr })}{" "}
              <span className="hint">{t(`stakingOverview.aprShort.${apr.source}`)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <Link to={`/${network.slug}`} className="button">
        {comingSoon ? t("home.cardSoon", { network: network.name }) : t("home.cardLink", { symbol: network.symbol })}
      </Link>
    </li>
  );
}
