import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { pickNetworkApr } from "../../components/network-stats/network-apr.ts";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { offersStaking } from "../../families/requirements.ts";
import { app, networksInHomeOrder } from "../../generated/index.ts";
import { networkStatsQueryOptions } from "../../lib/api/network-stats-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";
import "./home.css";
import { LiveRates } from "./LiveRates.tsx";
import { NetworkCard } from "./NetworkCard.tsx";
import { totalStakedOf } from "./total-staked.ts";

const PROMISES = ["networks", "nonCustodial", "dailyRewards"] as const;
const LIVE_NAMES = networksInHomeOrder.filter(offersStaking).map((network) => network.name);

/**
 * Home: the promise with the live rates beside it, a card per configured network (with its APR from the
 * backend's stats, or config's reference rate while the backend cannot be reached), and the ways onward;
 * `calculator` is shown last.
 */
export function HomePage({ calculator }: { readonly calculator: ReactNode }) {
  const { t, i18n } = useTranslation();
  const stats = useQuery(networkStatsQueryOptions());
  const names = new Intl.ListFormat(i18n.language.replace("_", "-"), { type: "conjunction" }).format(LIVE_NAMES);
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__text">
          <h1 id="hero-heading">{t("app.tagline")}</h1>
          <p className="hero__lead">{t("home.lead", { count: LIVE_NAMES.length })}</p>
          <Link to={{ hash: "#networks" }} className={buttonClass("primary")}>
            {t("home.cta")}
          </Link>
        </div>
        <LiveRates stats={stats} />
      </section>
      <section aria-labelledby="promises-heading">
        <h2 id="promises-heading">{t("home.promisesHeading", { brand: app.brand })}</h2>
        <ul className="promises">
          {PROMISES.map((promise) => (
            <Card as="li" key={promise}>
              <h3>{t(`home.promises.${promise}.title`)}</h3>
              <p>{t(`home.promises.${promise}.text`, { count: LIVE_NAMES.length, names })}</p>
            </Card>
          ))}
        </ul>
      </section>
      <section id="networks" aria-labelledby="networks-heading" tabIndex={-1}>
        <h2 id="networks-heading">{t("app.networksHeading")}</h2>
        <ul className="network-cards">
          {networksInHomeOrder.map((network) => {
            const data = stats.data;
            const environment = servedEnvironmentOf(network)?.id;
            return (
              <NetworkCard
                key={network.slug}
                network={network}
                apr={pickNetworkApr(data, network, environment)}
                staked={totalStakedOf(data, network.slug, environment)}
              />
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="more-heading">
        <h2 id="more-heading">{t("home.moreHeading", { brand: app.brand })}</h2>
        <ul className="more-links">
          <li>
            <Link to={{ hash: "#calculator" }}>{t("home.linkCalculator")}</Link>
          </li>
          <li>
            <Link to="/institution-staking">{t("home.linkInstitution")}</Link>
          </li>
          <li>
            <Link to="/contact">{t("home.linkContact")}</Link>
          </li>
        </ul>
      </section>
      {calculator}
    </div>
  );
}
