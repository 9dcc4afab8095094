import { RewardsPage } from "../../features/rewards/RewardsPage.tsx";

/** /:network/reward: the reward screen of the network's dashboard. */
export function RewardRoute() {
  return <RewardsPage />;
}
