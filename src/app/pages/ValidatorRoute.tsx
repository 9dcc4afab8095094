import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";
import { ValidatorsPage } from "../../features/validators/ValidatorsPage.tsx";

/** /:network/validator: the owner's validators and the unstake dialog (ethereum-beacon networks). */
export function ValidatorRoute() {
  const network = useRouteNetwork();
  if (network.family !== "ethereum-beacon") return <DashboardScreenPage />;
  return <ValidatorsPage key={network.slug} network={network} />;
}
