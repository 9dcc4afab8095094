import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card/Card.tsx";
import { WalletGate } from "../../components/wallet/WalletGate.tsx";
import { KeysharesUploader } from "./KeysharesUploader.tsx";
import { NeedOperators } from "./NeedOperators.tsx";
import { flowScope, type SsvStepProps } from "./ssv-flow-steps.ts";
import { useSsvFlow } from "./ssv-flow-store.ts";

/** Step 3: keyshares files, verified in the browser for the connected wallet before anything can be signed. */
export function UploadStep({ offering, base }: SsvStepProps) {
  const { t } = useTranslation();
  const [flow] = useSsvFlow(flowScope(offering));
  if (flow.operators.length === 0) return <NeedOperators base={base} />;
  return (
    <Card className="ssv-card">
      <WalletGate
        chain={offering.chain}
        connectText={t("ssv.upload.connect")}
        wrongChainText={t("ssv.wrongChain", { network: offering.chain.name })}
      >
        {({ account, config }) => (
          <KeysharesUploader offering={offering} base={base} account={account} config={config} />
        )}
      </WalletGate>
    </Card>
  );
}
