import { OperationsPage } from "../../features/operations/OperationsPage.tsx";

/** /:network/operation: the operation screen of the network's dashboard. */
export function OperationRoute() {
  return <OperationsPage />;
}
