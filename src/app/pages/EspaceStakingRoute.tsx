import { useTranslation } from "react-i18next";
import { espaceOffering } from "../../features/conflux-espace/espace-of.ts";
import { PoolStakingPage } from "../../features/pool-staking/PoolStakingPage.tsx";

/** /conflux/espace/staking: Conflux eSpace's PoS pool through the delegation-pool family's screen. */
export function EspaceStakingRoute() {
  const { t } = useTranslation();
  return <PoolStakingPage offering={espaceOffering} heading={t("espace.stakingHeading")} />;
}
