import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { NetworkLinks } from "../../components/network/NetworkLinks.tsx";
import { networkLinksOf } from "../../components/network/network-links.ts";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { RewardsCalculator } from "../../features/calculator/RewardsCalculator.tsx";
import { GuidedStakePage } from "../../features/guided/GuidedStakePage.tsx";
import { StakePage } from "../../features/network/StakePage.tsx";
import { PoolStakingPage } from "../../features/pool-staking/PoolStakingPage.tsx";
import { isNetworkSlug } from "../../generated/index.ts";
import { AppLoading } from "../AppLoading.tsx";

// The stake flow (deposit verification, SSZ) loads only for a network that has it.
const EthStakePage = lazy(() =>
  import("../../features/stake/EthStakePage.tsx").then((module) => ({ default: module.EthStakePage })),
);

/**
 * The /:network index: the stake page of the network's family, chosen from config. A live guided network
 * shows its guide with the calculator set to it, a delegation-pool network its pool screen; the others
 * show the network's stake page. A live ethereum-beacon network shows its stake flow.
 */
export function NetworkHomeRoute() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  return (
    <>
      <NetworkLinks label={t("network.linksLabel", { network: network.name })} links={networkLinksOf(network)} />
      <NetworkStakePage />
    </>
  );
}

function NetworkStakePage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  if (network.family === "guided" && network.status === "live" && network.guide) {
    return (
      <GuidedStakePage
        network={network}
        guide={network.guide}
        calculator={
          <RewardsCalculator
            key={network.slug}
            initialNetwork={isNetworkSlug(network.slug) ? network.slug : undefined}
          />
        }
      />
    );
  }
  if (network.family === "delegation-pool" && network.status === "live") {
    return (
      <PoolStakingPage
        offering={{ ...network, environments: network.environments ?? [] }}
        heading={t("network.stakeHeading", { network: network.name })}
      />
    );
  }
  if (network.family === "ethereum-beacon" && network.status === "live") {
    return (
      <Suspense fallback={<AppLoading />}>
        <EthStakePage network={network} />
      </Suspense>
    );
  }
  return <StakePage />;
}
