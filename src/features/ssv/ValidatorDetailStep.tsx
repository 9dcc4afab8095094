import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatUnits } from "viem";
import { AddressChip } from "../../components/ui/address-chip/AddressChip.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { Card } from "../../components/ui/card/Card.tsx";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { NeedOperators } from "./NeedOperators.tsx";
import { ssvChainQueryOptions } from "./ssv-chain-query.ts";
import { flowScope, type SsvStepProps } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";
import { useOwnerCluster } from "./use-owner-cluster.ts";

const ssv = (wei: bigint) => `${formatUnits(wei, 18)} SSV`;

/** Step 4: each validator to register, with its operators, its cluster and what it costs a year. */
export function ValidatorDetailStep({ offering, base }: SsvStepProps) {
  const { t } = useTranslation();
  const { account, config } = useWallet();
  const [flow] = useSsvFlow(flowScope(offering));
  const ids = flow.operators.map((operator) => operator.id);
  const { cluster } = useOwnerCluster(offering, ids);
  const chainState = useQuery(ssvChainQueryOptions(config, offering, account));
  if (flow.operators.length === 0) return <NeedOperators base={base} />;
  const validators =
    flow.validators && flow.verifiedFor?.toLowerCase() === account?.toLowerCase() ? flow.validators : [];
  if (validators.length === 0) {
    return (
      <EmptyState
        action={
          <Link className={buttonClass("primary")} to={`${base}/upload-files`}>
            {t("ssv.steps.uploadFiles")}
          </Link>
        }
      >
        {t("ssv.detail.noValidators")}
      </EmptyState>
    );
  }
  const operatorFees = flow.operators.reduce((sum, operator) => sum + BigInt(operator.fee), 0n);
  const networkFee = chainState.data?.networkFee;
  const blocksPerYear = offering.blocksPerDay * 365n;
  const perYear = networkFee === undefined ? undefined : (operatorFees + networkFee) * blocksPerYear;
  const clusterText = cluster
    ? t("ssv.detail.existingCluster", { ids: ids.join(", "), count: cluster.cluster.validatorCount })
    : t("ssv.detail.newCluster", { ids: ids.join(", ") });
  return (
    <>
      <ul className="ssv-detail-list">
        {validators.map((validator) => (
          <Card as="li" key={validator.publicKey} className="ssv-card" aria-label={validator.publicKey}>
            <dl className="ssv-detail">
              <dt>{t("ssv.detail.publicKey")}</dt>
              <dd>
                <AddressChip address={validator.publicKey} />
              </dd>
              <dt>{t("ssv.detail.operators")}</dt>
              <dd>
                {flow.operators
                  .map((operator) =>
                    t("ssv.detail.operator", {
                      id: operator.id,
                      fee: ssv(BigInt(operator.fee) * blocksPerYear),
                    }),
                  )
                  .join(" · ")}
              </dd>
              <dt>{t("ssv.detail.cluster")}</dt>
              <dd>{clusterText}</dd>
              <dt>{t("ssv.detail.feePerYear")}</dt>
              <dd>{perYear === undefined ? "…" : ssv(perYear)}</dd>
              <dt>{t("ssv.detail.nonce")}</dt>
              <dd>{validator.ownerNonce}</dd>
            </dl>
          </Card>
        ))}
      </ul>
      <div className="actions">
        <Link className={buttonClass("primary")} to={`${base}/deposit`}>
          {t("ssv.continue")}
        </Link>
      </div>
    </>
  );
}
