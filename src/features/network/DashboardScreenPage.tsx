import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { offeringOfTarget, type ScreenTarget } from "../../core/screen-target.ts";

const SCREENS = ["reward", "validator", "claim", "operation", "staking"] as const;
type DashboardScreen = (typeof SCREENS)[number];

function screenOf(pathname: string): DashboardScreen {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return SCREENS.find((screen) => screen === last) ?? "staking";
}

/**
 * The frame of a dashboard screen (reward, validator, claim, operation, staking): its title, what it is for
 * and the network's facts: the generic screen of a family that offers no screen of its own there. `target` names
 * a part of the network (/conflux/espace/...); without it the screen is the route's network's.
 */
export function DashboardScreenPage({ target }: { readonly target?: ScreenTarget }) {
  const { t } = useTranslation();
  const routeNetwork = useRouteNetwork();
  const network = offeringOfTarget(target ?? { network: routeNetwork, part: undefined });
  const screen = screenOf(useLocation().pathname);
  return (
    <article className="dashboard-screen">
      <h1>
        {network.name} · {t(`network.screens.${screen}`)}
      </h1>
      <p>{t(`network.purpose.${screen}`, { network: network.name })}</p>
      <Alert role="none">{t("network.notAvailable")}</Alert>
      {/* room to page through below the frame, so reward paging can keep the list in view */}
      <NetworkFacts staking={network.staking} symbol={network.symbol} headingId={`${screen}-facts`} />
    </article>
  );
}
