import { useTranslation } from "react-i18next";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { app } from "../../generated/index.ts";

/** The network-home child of /:network: the stake page's frame (the stake flow arrives with its own issue). */
export function StakePage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const comingSoon = network.status === "coming-soon";
  return (
    <div className="page stake">
      <h1>{t("network.stakeHeading", { network: network.name })}</h1>
      <p>{t(network.descriptionKey)}</p>
      <p className="notice">
        {comingSoon
          ? t("network.comingSoon", { network: network.name })
          : t("network.stakePurpose", { symbol: network.symbol, brand: app.brand })}
      </p>
      <NetworkFacts staking={network.staking} symbol={network.symbol} headingId="stake-facts" />
      {network.docs?.length ? (
        <section aria-labelledby="docs-heading">
          <h2 id="docs-heading">{t("network.docsHeading")}</h2>
          <ul>
            {network.docs.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} rel="noopener noreferrer" target="_blank">
                  {t(doc.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
