import { useTranslation } from "react-i18next";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { networks } from "../../generated/index.ts";
import { espaceOf } from "./espace-of.ts";

/** Conflux eSpace staking: the frame of the PoS-pool stake screen. */
export function EspaceStakingPage() {
  const { t } = useTranslation();
  const espace = espaceOf(networks.conflux);
  return (
    <div className="page espace">
      <h1>{t("espace.stakingHeading")}</h1>
      <p>{t(espace.descriptionKey)}</p>
      <p className="notice">{t("espace.stakingPurpose")}</p>
      <NetworkFacts staking={espace.staking} symbol={networks.conflux.symbol} headingId="espace-facts" />
    </div>
  );
}
