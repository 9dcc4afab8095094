import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/validator: the validator screen of the network's dashboard. */
export function ValidatorRoute() {
  return <DashboardScreenPage />;
}
