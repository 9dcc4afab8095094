import { StakingOverviewPage } from "../../features/rewards/StakingOverviewPage.tsx";

/** /:network/staking: the staking (network staking wrapper) screen of the network's dashboard. */
export function StakingRoute() {
  return <StakingOverviewPage />;
}
