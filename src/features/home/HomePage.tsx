import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { pickNetworkApr, useNetworkStats } from "../../components/network-stats/get-network-stats.ts";
import { app, networksInHomeOrder } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/network-environment.ts";
import { NetworkCard } from "./NetworkCard.tsx";

const PROMISES = ["networks", "nonCustodial", "dailyRewards"] as const;
const LIVE_NAMES = networksInHomeOrder.filter((network) => network.status === "live").map((network) => network.name);

/**
 * Home: the promise, a card per configured network (with its APR from the backend's stats, or config's
 * reference rate while the backend cannot be reached), and the ways onward; `calculator` is shown last.
 */
export function HomePage({ calculator }: { readonly calculator: ReactNode }) {
  const { t, i18n } = useTranslation();
  const stats = useNetworkStats();
  const names = new Intl.ListFormat(i18n.language.replace("_", "-"), { type: "conjunction" }).format(LIVE_NAMES);
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t("app.tagline")}</h1>
        <Link to={{ hash: "#networks" }} className="button">
          {t("home.cta")}
        </Link>
      </section>
      <section aria-labelledby="promises-heading">
        <h2 id="promises-heading">{t("home.promisesHeading", { brand: app.brand })}</h2>
        <ul className="promises">
          {PROMISES.map((promise) => (
            <li key={promise}>
              <h3>{t(`home.promises.${promise}.title`)}</h3>
              <p>{t(`home.promises.${promise}.text`, { count: LIVE_NAMES.length, names })}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="networks" aria-labelledby="networks-heading" tabIndex={-1}>
        <h2 id="networks-heading">{t("app.networksHeading")}</h2>
        <ul className="network-cards">
          {networksInHomeOrder.map((network) => (
            <NetworkCard
              key={network.slug}
              network={network}
              apr={pickNetworkApr(
                stats.status === "ready" ? stats.data : undefined,
                network,
                servedEnvironmentOf(network)?.id,
              )}
            />
          ))}
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
