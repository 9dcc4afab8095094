import { useTranslation } from "react-i18next";
import { espaceOffering } from "../../features/conflux-espace/espace-of.ts";
import { PoolDashboardPage } from "../../features/pool-staking/PoolDashboardPage.tsx";

/** /conflux/espace/dashboard: CFX staking performance and the pool's status, for any address. */
export function EspaceDashboardRoute() {
  const { t } = useTranslation();
  return <PoolDashboardPage offering={espaceOffering} heading={t("espace.dashboardHeading")} />;
}
