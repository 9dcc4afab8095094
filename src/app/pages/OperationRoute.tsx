import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/operation: the operation screen of the network's dashboard. */
export function OperationRoute() {
  return <DashboardScreenPage />;
}
