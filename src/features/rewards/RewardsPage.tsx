import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { OwnerAddressForm } from "../../components/owner/OwnerAddressForm.tsx";
import { ownerScopeOf } from "../../components/owner/owner-scope-of.ts";
import { useViewedOwner } from "../../components/owner/use-viewed-owner.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { rewardsSummaryQueryOptions } from "../../lib/api/rewards-summary-query.ts";
import { RewardHistory } from "./RewardHistory.tsx";
import { RewardsSummaryView } from "./RewardsSummaryView.tsx";
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
  const summary = useQuery(rewardsSummaryQueryOptions(scope));
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
