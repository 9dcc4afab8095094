import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** /:network/operation: the stakes, claims and unstake requests of any address, where the family offers them; otherwise the generic dashboard screen. */
export function OperationRoute() {
  const network = useRouteNetwork();
  return (
    <FamilyScreen
      key={network.slug}
      screen="operation"
      target={{ network, part: undefined }}
      generic={<DashboardScreenPage />}
    />
  );
}
