import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { subNetworkLinksOf } from "../../components/network/network-links.ts";
import { useRouteTarget } from "../../components/network/use-route-target.ts";
import { nameOfTarget } from "../../core/screen-target.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** /:network/:part/staking (/conflux/espace/staking): the stake screen of the part's family. */
export function PartStakeRoute() {
  const { t } = useTranslation();
  const target = useRouteTarget();
  return (
    <>
      <NetworkLinks
        label={t("network.linksLabel", { network: nameOfTarget(target) })}
        links={subNetworkLinksOf(target.network, target.part?.id ?? "")}
      />
      <FamilyScreen screen="stake" target={target} generic={<DashboardScreenPage target={target} />} />
    </>
  );
}
