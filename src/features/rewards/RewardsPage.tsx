import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { rewardsSummaryQueryOptions } from "../../lib/api/rewards-summary-query.ts";
import { RewardHistory } from "./RewardHistory.tsx";
import { RewardsSummaryView } from "./RewardsSummaryView.tsx";
import { readRewardQuery } from "./reward-query.ts";
import "./rewards.css";

/**
 * /:network/reward: the rewards of any address (typed in, or the connected wallet's), from the backend:
 * the summary, then the daily history with its chart and CSV download.
 */
export function RewardsPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const viewed = useViewedOwner();
  const scope = ownerScopeOf(network, viewed.owner);
  const [params] = useSearchParams();
  // The currency the history is also shown in values the summary's earnings too (each day at its own price).
  const { currency } = readRewardQuery(params);
  const summary = useQuery({ ...rewardsSummaryQueryOptions(scope, currency), placeholderData: keepPreviousData });
  return (
    <article className="dashboard-screen rewards">
      <h1>
        {network.name} · {t("network.screens.reward")}
      </h1>
      <p>{t("rewards.intro", { symbol: network.symbol })}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner && !scope ? <Alert role="none">{t("rewards.unavailable", { network: network.name })}</Alert> : null}
      {scope ? (
        <>
          <RewardsSummaryView network={network} summary={summary} />
          <RewardHistory network={network} scope={scope} />
        </>
      ) : null}
    </article>
  );
}
