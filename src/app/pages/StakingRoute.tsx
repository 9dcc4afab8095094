import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/staking: the staking (network staking wrapper) screen of the network's dashboard. */
export function StakingRoute() {
  return <DashboardScreenPage />;
}
