import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { stakeOffering } from "../../core/stake-offering.ts";
import { app, type Network } from "../../generated/index.ts";
import { appEnvironment } from "../../lib/app-environment.ts";
import { EthStakeFlow } from "./EthStakeFlow.tsx";
import type { CredentialChoice } from "./stake-form-rules.ts";

/**
 * The stake page of an ethereum-beacon network (/:network): the six-step stake flow for the build's
 * environment, or a notice when config does not give that environment a batch staking contract.
 */
export function EthStakePage({ network }: { readonly network: Network }) {
  const { t } = useTranslation();
  const offering = useMemo(() => stakeOffering(network, appEnvironment), [network]);
  // A 0x02 stake is any gwei amount in the range, not steps of one validator: the facts say so when it is chosen.
  const [credentialType, setCredentialType] = useState<CredentialChoice>("0x01");
  return (
    <div className="page page-stack stake-page">
      <h1>{t("network.stakeHeading", { network: network.name })}</h1>
      <p>{t("ethStake.intro", { brand: app.brand })}</p>
      {offering ? (
        <EthStakeFlow offering={offering} onCredentialTypeChange={setCredentialType} />
      ) : (
        <Alert tone="info" role="none">
          {t("ethStake.unavailable", { network: network.name })}
        </Alert>
      )}
      <NetworkFacts
        staking={network.staking}
        symbol={network.symbol}
        headingId="stake-facts"
        context={{ stepped: credentialType === "0x01" }}
      />
    </div>
  );
}
