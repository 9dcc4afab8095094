import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { networkLinksOf } from "../../components/network/network-links.ts";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { RewardsCalculator } from "../../features/calculator/RewardsCalculator.tsx";
import { StakePage } from "../../features/network/StakePage.tsx";
import { isNetworkSlug } from "../../generated/index.ts";
import { FamilyScreen } from "./family-screen.tsx";

/**
 * The /:network index: a live network's stake screen from its family (src/families/index.ts), with the rewards
 * calculator set to it for a family that shows one; a network that is coming soon, or whose family has no
 * stake screen, shows the generic stake page.
 */
export function NetworkHomeRoute() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const generic = <StakePage />;
  return (
    <>
      <NetworkLinks label={t("network.linksLabel", { network: network.name })} links={networkLinksOf(network)} />
      {network.status === "live" ? (
        <FamilyScreen
          key={network.slug}
          screen="stake"
          target={{ network, part: undefined }}
          generic={generic}
          calculator={
            <RewardsCalculator
              key={network.slug}
              initialNetwork={isNetworkSlug(network.slug) ? network.slug : undefined}
            />
          }
        />
      ) : (
        generic
      )}
    </>
  );
}
