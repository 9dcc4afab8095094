import { useTranslation } from "react-i18next";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { networks } from "../../generated/index.ts";
import { espaceOf } from "./espace-of.ts";

/** Conflux eSpace dashboard: the frame of CFX staking performance and validator status. */
export function EspaceDashboardPage() {
  const { t } = useTranslation();
  const espace = espaceOf(networks.conflux);
  return (
    <div className="page espace">
      <h1>{t("espace.dashboardHeading")}</h1>
      <p>{t("espace.dashboardPurpose")}</p>
      <p className="notice">{t("network.notAvailable")}</p>
      <NetworkFacts staking={espace.staking} symbol={networks.conflux.symbol} headingId="espace-facts" />
    </div>
  );
}
