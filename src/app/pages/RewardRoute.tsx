import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/reward: the reward screen of the network's dashboard. */
export function RewardRoute() {
  return <DashboardScreenPage />;
}
