import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { subNetworkLinksOf } from "../../components/network/network-links.ts";
import { espaceOffering } from "../../features/conflux-espace/espace-of.ts";
import { PoolDashboardPage } from "../../features/pool-staking/PoolDashboardPage.tsx";
import { networks } from "../../generated/index.ts";

/** /conflux/espace/dashboard: CFX staking performance and the pool's status, for any address. */
export function EspaceDashboardRoute() {
  const { t } = useTranslation();
  return (
    <>
      <NetworkLinks
        label={t("network.linksLabel", { network: espaceOffering.name })}
        links={subNetworkLinksOf(networks.conflux, "espace")}
      />
      <PoolDashboardPage offering={espaceOffering} heading={t("espace.dashboardHeading")} />
    </>
  );
}
