import { useTranslation } from "react-i18next";
import { offeringOfTarget } from "../../core/screen-target.ts";
import type { FamilyScreenProps } from "../../families/family.ts";
import { PoolDashboardPage } from "./PoolDashboardPage.tsx";
import { PoolStakingPage } from "./PoolStakingPage.tsx";

/**
 * The delegation-pool family's stake screen for a network (/example-pool: "Stake Example Pool") or a part of
 * one (/conflux/espace/staking: "Stake CFX on Conflux eSpace").
 */
export function PoolStakeScreen({ target }: FamilyScreenProps) {
  const { t } = useTranslation();
  const offering = offeringOfTarget(target);
  const heading = target.part
    ? t("network.partStakeHeading", { symbol: offering.symbol, name: offering.name })
    : t("network.stakeHeading", { network: offering.name });
  return (
    <PoolStakingPage key={`${target.network.slug}/${target.part?.id ?? ""}`} offering={offering} heading={heading} />
  );
}

/**
 * The delegation-pool family's dashboard for a network (/example-pool/staking: "Example Pool · Staking") or a
 * part of one (/conflux/espace/dashboard: "Conflux eSpace dashboard").
 */
export function PoolDashboardScreen({ target }: FamilyScreenProps) {
  const { t } = useTranslation();
  const offering = offeringOfTarget(target);
  const heading = target.part
    ? t("network.partDashboardHeading", { name: offering.name })
    : `${offering.name} · ${t("network.screens.staking")}`;
  return (
    <PoolDashboardPage key={`${target.network.slug}/${target.part?.id ?? ""}`} offering={offering} heading={heading} />
  );
}
