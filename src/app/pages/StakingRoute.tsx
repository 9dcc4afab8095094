import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { StakingOverviewPage } from "../../features/rewards/StakingOverviewPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/**
 * /:network/staking (the network staking wrapper): the dashboard of the network's family, or the generic one
 * (what the viewed address has staked there where the backend tracks it, the network's APR, links onward).
 */
export function StakingRoute() {
  const network = useRouteNetwork();
  return (
    <FamilyScreen
      key={network.slug}
      screen="dashboard"
      target={{ network, part: undefined }}
      generic={<StakingOverviewPage />}
    />
  );
}
