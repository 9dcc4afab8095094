import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { subNetworkLinksOf } from "../../components/network/network-links.ts";
import { useRouteTarget } from "../../components/network/use-route-target.ts";
import { nameOfTarget } from "../../core/screen-target.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** A part's route, under the part's links: its family's stake screen or its dashboard. */
function PartRoute({ screen }: { readonly screen: "stake" | "dashboard" }) {
  const { t } = useTranslation();
  const target = useRouteTarget();
  return (
    <>
      <NetworkLinks
        label={t("network.linksLabel", { network: nameOfTarget(target) })}
        links={subNetworkLinksOf(target.network, target.part?.id ?? "")}
      />
      <FamilyScreen screen={screen} target={target} generic={<DashboardScreenPage target={target} />} />
    </>
  );
}

/** /:network/:part/staking (/conflux/espace/staking): the stake screen of the part's family. */
export function PartStakeRoute() {
  return <PartRoute screen="stake" />;
}

/**
 * /:network/:part/dashboard (/conflux/espace/dashboard): the dashboard of the part's family (for eSpace's
 * delegation pool: CFX staking performance and the pool's status, for any address).
 */
export function PartDashboardRoute() {
  return <PartRoute screen="dashboard" />;
}
