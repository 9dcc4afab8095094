import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/claim: the claim screen of the network's dashboard. */
export function ClaimRoute() {
  return <DashboardScreenPage />;
}
