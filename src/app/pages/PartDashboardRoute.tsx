import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { subNetworkLinksOf } from "../../components/network/network-links.ts";
import { useRouteTarget } from "../../components/network/use-route-target.ts";
import { nameOfTarget } from "../../core/screen-target.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/**
 * /:network/:part/dashboard (/conflux/espace/dashboard): the dashboard of the part's family (for eSpace's
 * delegation pool: CFX staking performance and the pool's status, for any address).
 */
export function PartDashboardRoute() {
  const { t } = useTranslation();
  const target = useRouteTarget();
  return (
    <>
      <NetworkLinks
        label={t("network.linksLabel", { network: nameOfTarget(target) })}
        links={subNetworkLinksOf(target.network, target.part?.id ?? "")}
      />
      <FamilyScreen screen="dashboard" target={target} generic={<DashboardScreenPage target={target} />} />
    </>
  );
}
