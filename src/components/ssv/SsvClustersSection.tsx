import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { Address } from "viem";
import type { Network } from "../../generated/index.ts";
import { ssvClustersQueryOptions } from "../../lib/api/ssv-clusters-query.ts";
import { ssvOffering } from "../../lib/ssv-offering.ts";
import { Card } from "../ui/card/Card.tsx";
import { ClusterOperators } from "./ClusterOperators.tsx";
import { ClusterRunway } from "./ClusterRunway.tsx";
import { ClusterValidators } from "./ClusterValidators.tsx";
import "./ssv-clusters.css";

export interface SsvClustersSectionProps {
  readonly network: Network;
  readonly owner: Address;
  /** A validator's beacon status (a badge) from the app's validator data, when it has the validator. */
  readonly statusOf: (publicKey: string) => ReactNode | undefined;
}

/**
 * The validators screen's SSV part: the owner's clusters on the SSV network, each with its balance and runway
 * (a warning under 30 days), its operators (id, verified, fee a year) and its validators (public key, beacon
 * status); a liquidated one links to the flow to reactivate. A removed validator is no longer listed.
 * Nothing when the network has no SSV network in this environment or the owner has no cluster.
 */
export function SsvClustersSection({ network, owner, statusOf }: SsvClustersSectionProps) {
  const { t } = useTranslation();
  const offering = network.screens.includes("ssv") ? ssvOffering(network) : undefined;
  const clusters = useQuery(ssvClustersQueryOptions(offering ? { ...offering.scope, owner } : undefined));
  if (!offering || !clusters.data || clusters.data.length === 0) return null;
  return (
    <section aria-labelledby="ssv-clusters" className="dashboard-section">
      <h2 id="ssv-clusters">{t("ssv.cluster.heading")}</h2>
      {clusters.data.map((cluster) => (
        <Card key={cluster.operatorIds.join(",")} className="ssv-runway-card">
          <ClusterRunway cluster={cluster} />
          {cluster.liquidated ? (
            <Link to={`/${network.slug}/ssv/deposit`}>{t("ssv.cluster.reactivateInFlow")}</Link>
          ) : null}
          <ClusterOperators operators={cluster.operators} ids={cluster.operatorIds.join(", ")} />
          {cluster.validators.length > 0 ? (
            <ClusterValidators validators={cluster.validators} statusOf={statusOf} />
          ) : null}
        </Card>
      ))}
    </section>
  );
}
