import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SsvCluster } from "../../core/api/ssv-clusters.ts";
import { AddressChip } from "../ui/address-chip/AddressChip.tsx";

export interface ClusterValidatorsProps {
  readonly validators: SsvCluster["validators"];
  /** A validator's beacon status (a badge), when the app's validator data has it: its 32 ETH deposit was seen. */
  readonly statusOf: (publicKey: string) => ReactNode | undefined;
}

/** The validators registered in a cluster: public key (short, with copy) and beacon status, oldest first. */
export function ClusterValidators({ validators, statusOf }: ClusterValidatorsProps) {
  const { t } = useTranslation();
  return (
    <div className="ssv-cluster-validators">
      <h4>{t("ssv.cluster.registered", { count: validators.length })}</h4>
      <ul>
        {validators.map((validator) => (
          <li key={validator.publicKey} aria-label={t("ssv.cluster.validator", { publicKey: validator.publicKey })}>
            <AddressChip address={validator.publicKey} />
            {statusOf(validator.publicKey) ?? <span className="hint">{t("ssv.cluster.noDeposit")}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
