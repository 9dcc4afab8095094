import { useTranslation } from "react-i18next";
import { espaceOf } from "../../features/conflux-espace/espace-of.ts";
import { PoolStakingPage } from "../../features/pool-staking/PoolStakingPage.tsx";
import { networks } from "../../generated/index.ts";

const conflux = networks.conflux;
const espace = espaceOf(conflux);
const offering = {
  name: espace.name,
  symbol: conflux.symbol,
  decimals: conflux.decimals,
  descriptionKey: espace.descriptionKey,
  staking: espace.staking,
  environments: espace.environments ?? [],
};

/** /conflux/espace/staking: Conflux eSpace's PoS pool through the delegation-pool family's screen. */
export function EspaceStakingRoute() {
  const { t } = useTranslation();
  return <PoolStakingPage offering={offering} heading={t("espace.stakingHeading")} />;
}
