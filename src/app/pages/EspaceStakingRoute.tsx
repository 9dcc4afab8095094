import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { subNetworkLinksOf } from "../../components/network/network-links.ts";
import { espaceOffering } from "../../features/conflux-espace/espace-of.ts";
import { PoolStakingPage } from "../../features/pool-staking/PoolStakingPage.tsx";
import { networks } from "../../generated/index.ts";

/** /conflux/espace/staking: Conflux eSpace's PoS pool through the delegation-pool family's screen. */
export function EspaceStakingRoute() {
  const { t } = useTranslation();
  return (
    <>
      <NetworkLinks
        label={t("network.linksLabel", { network: espaceOffering.name })}
        links={subNetworkLinksOf(networks.conflux, "espace")}
      />
      <PoolStakingPage offering={espaceOffering} heading={t("espace.stakingHeading")} />
    </>
  );
}
