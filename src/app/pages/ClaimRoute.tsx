import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** /:network/claim: the owner's execution-layer rewards and their claim, where the family offers them; otherwise the generic dashboard screen. */
export function ClaimRoute() {
  const network = useRouteNetwork();
  return (
    <FamilyScreen
      key={network.slug}
      screen="claim"
      target={{ network, part: undefined }}
      generic={<DashboardScreenPage />}
    />
  );
}
