import { useTranslation } from "react-i18next";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { NetworkIcon } from "../../components/ui/network-icon/NetworkIcon.tsx";
import { app } from "../../generated/index.ts";
import "./stake-page.css";

/** The network-home child of /:network: the stake page's frame (the stake flow arrives with its own issue). */
export function StakePage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const comingSoon = network.status === "coming-soon";
  return (
    <div className="page stake stake-page">
      <div className="stake-page__head">
        <NetworkIcon network={network} size={48} />
        <h1>{t("network.stakeHeading", { network: network.name })}</h1>
      </div>
      <p>{t(network.descriptionKey)}</p>
      <Alert tone={comingSoon ? "warning" : "info"} role="none">
        {comingSoon
          ? t("network.comingSoon", { network: network.name })
          : t("network.stakePurpose", { symbol: network.symbol, brand: app.brand })}
      </Alert>
      <NetworkFacts staking={network.staking} symbol={network.symbol} headingId="stake-facts" />
      {network.docs?.length ? (
        <Card as="section" aria-labelledby="docs-heading">
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
        </Card>
      ) : null}
    </div>
  );
}
