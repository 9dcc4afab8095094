import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { ClaimPage } from "../../features/claim/ClaimPage.tsx";
import { DashboardScreenPage } from "../../features/network/DashboardScreenPage.tsx";

/** /:network/claim: the owner's execution-layer rewards and the claim transaction (ethereum-beacon networks). */
export function ClaimRoute() {
  const network = useRouteNetwork();
  if (network.family !== "ethereum-beacon") return <DashboardScreenPage />;
  return <ClaimPage key={network.slug} network={network} />;
}
