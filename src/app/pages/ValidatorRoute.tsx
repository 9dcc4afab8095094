import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { FamilyScreen } from "./family-screen.tsx";

/** /:network/validator: the owner's validators and the unstake dialog, where the family offers them; otherwise the generic dashboard screen. */
export function ValidatorRoute() {
  const network = useRouteNetwork();
  return (
    <FamilyScreen
      key={network.slug}
      screen="validator"
      target={{ network, part: undefined }}
      generic={<DashboardScreenPage />}
    />
  );
}
