import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useSearchParams } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import "./dashboard.css";

const DASHBOARD_SCREENS = ["reward", "validator", "claim", "operation"] as const;

/**
 * The Dashboard child of /:network: the screens the network offers as tab-like links, then the screen. The
 * viewed address (`?address=`) goes along from tab to tab.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const address = useSearchParams()[0].get("address");
  const search = address ? `?${new URLSearchParams({ address }).toString()}` : "";
  const screens = DASHBOARD_SCREENS.filter((screen) => network.screens.includes(screen));
  return (
    <div className="page dashboard">
      <nav aria-label={t("network.dashboardLabel", { network: network.name })} className="dashboard-nav">
        {[...screens, "staking" as const].map((screen) => (
          <NavLink key={screen} to={`/${network.slug}/${screen}${search}`}>
            {t(`network.screens.${screen}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
