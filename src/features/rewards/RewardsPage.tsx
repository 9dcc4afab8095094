import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { rewardsSummaryQueryOptions } from "../../lib/api/rewards-summary-query.ts";
import { RewardHistory } from "./RewardHistory.tsx";
import { RewardsSummaryView } from "./RewardsSummaryView.tsx";
import { rewardSearch } from "./reward-query.ts";

/**
 * /:network/reward: the rewards of any address (typed in, or the connected wallet's), from the backend:
 * the summary, then the daily history with its chart and CSV download.
 */
export function RewardsPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const viewed = useViewedOwner();
  const scope = ownerScopeOf(network, viewed.owner);
  const summary = useQuery(rewardsSummaryQueryOptions(scope));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bare = !params.has("type") || !params.has("current");

  // The history's view always stands in the address (type and page), so paging keeps the list in view.
  useEffect(() => {
    if (bare) navigate({ search: rewardSearch(params, {}) }, { replace: true });
  }, [bare, params, navigate]);

  return (
    <article className="dashboard-screen rewards">
      <h1>
        {network.name} · {t("network.screens.reward")}
      </h1>
      <p>{t("rewards.intro", { symbol: network.symbol })}</p>
      <OwnerAddressForm viewed={viewed} />
      {viewed.owner && !scope ? <p className="notice">{t("rewards.unavailable", { network: network.name })}</p> : null}
      {scope ? (
        <>
          <RewardsSummaryView network={network} summary={summary} />
          <RewardHistory network={network} scope={scope} />
        </>
      ) : null}
    </article>
  );
}
