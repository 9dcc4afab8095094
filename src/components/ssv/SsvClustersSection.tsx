import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { Address } from "viem";
import type { Network } from "../../generated/index.ts";
import { ssvClustersQueryOptions } from "../../lib/api/ssv-clusters-query.ts";
import { ssvOffering } from "../../lib/ssv/ssv-offering.ts";
import { ClusterRunway } from "./ClusterRunway.tsx";

/**
 * The validators screen's SSV part: the owner's clusters on the SSV network, each with its operators,
 * validators, balance and runway (a warning under 30 days); a liquidated one links to the flow to reactivate.
 * Nothing when the network has no SSV network in this environment or the owner has no cluster.
 */
export function SsvClustersSection({ network, owner }: { readonly network: Network; readonly owner: Address }) {
  const { t } = useTranslation();
  const offering = network.screens.includes("ssv") ? ssvOffering(network) : undefined;
  const clusters = useQuery(ssvClustersQueryOptions(offering ? { ...offering.scope, owner } : undefined));
  if (!offering || !clusters.data || clusters.data.length === 0) return null;
  return (
    <section aria-labelledby="ssv-clusters" className="dashboard-section">
      <h2 id="ssv-clusters">{t("ssv.cluster.heading")}</h2>
      {clusters.data.map((cluster) => (
        <div key={cluster.operatorIds.join(",")} className="ssv-runway-card">
          <ClusterRunway cluster={cluster} />
          {cluster.liquidated ? (
            <Link to={`/${network.slug}/ssv/deposit`}>{t("ssv.cluster.reactivateInFlow")}</Link>
          ) : null}
        </div>
      ))}
    </section>
  );
}
