import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** /:network/reward: the rewards of any address, where the family offers them; otherwise the generic dashboard screen. */
export function RewardRoute() {
  const network = useRouteNetwork();
  return (
    <FamilyScreen
      key={network.slug}
      screen="reward"
      target={{ network, part: undefined }}
      generic={<DashboardScreenPage />}
    />
  );
}
