import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { useToast } from "../../components/toast/use-toast.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { app, type Network } from "../../generated/index.ts";
import { PlanDelegationForm } from "./PlanDelegationForm.tsx";
import { TargetQrCode } from "./TargetQrCode.tsx";
import "./guided.css";

type Guide = NonNullable<Network["guide"]>;

/**
 * The stake page of a network staked from its own wallet app (family "guided"): its facts from config, the
 * provider's id to delegate to (copy, QR code), the steps as locale templates filled from config, the wallet
 * apps that can delegate, its own guides and the calculator. Until config holds the provider's id, the page
 * says delegation is not open there yet and shows no steps: it never stands in for the id.
 */
export function GuidedStakePage({
  network,
  guide,
  calculator,
}: {
  readonly network: Network;
  readonly guide: Guide;
  /** The rewards calculator, set to this network (the app passes it: features do not import each other). */
  readonly calculator?: ReactNode;
}) {
  const { t } = useTranslation();
  const stepsId = useId();
  const walletsId = useId();
  const target = guide.delegateTo;
  const kind = t(`guided.kinds.${target?.kind ?? "validator"}`);
  const id = target?.id;
  const values = {
    network: network.name,
    symbol: network.symbol,
    minimum: network.staking.minimum ?? network.staking.minimumParameterValue ?? "",
    parameter: network.staking.minimumParameter ?? "",
    target: id ?? "",
    brand: app.brand,
  };
  return (
    <div className="page page-stack guided">
      <h1>{t("network.stakeHeading", { network: network.name })}</h1>
      <p>{t(network.descriptionKey)}</p>
      <Alert tone="info" role="none">
        {id
          ? t("guided.purpose", { network: network.name, brand: app.brand })
          : t("guided.notOpen", { network: network.name, brand: app.brand, kind })}
      </Alert>
      <NetworkFacts staking={network.staking} symbol={network.symbol} headingId="stake-facts" />
      {id ? (
        <>
          <DelegationTarget id={id} kind={kind} network={network.name} />
          <Card as="section" aria-labelledby={stepsId}>
            <h2 id={stepsId}>{t("guided.stepsHeading")}</h2>
            <ol className="guided-steps">
              {guide.stepKeys.map((key) => (
                <li key={key}>{t(key, values)}</li>
              ))}
            </ol>
          </Card>
          {guide.wallets?.length ? (
            <section aria-labelledby={walletsId}>
              <h2 id={walletsId}>{t("guided.walletsHeading")}</h2>
              <p>{t("guided.walletsIntro", { network: network.name, brand: app.brand })}</p>
              <ul className="guided-wallets">
                {guide.wallets.map((wallet) => (
                  <li key={wallet.url}>
                    <a href={wallet.url} rel="noopener noreferrer" target="_blank">
                      {t("guided.openWallet", { wallet: wallet.name })}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {guide.amountForm ? <PlanDelegationForm network={network} kind={kind} /> : null}
        </>
      ) : null}
      {network.docs?.length ? (
        <section aria-labelledby="docs-heading">
          <h2 id="docs-heading">{t("network.docsHeading")}</h2>
          <ul>
            {network.docs.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} rel="noopener noreferrer" target="_blank">
                  {t(doc.labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {calculator}
    </div>
  );
}

function DelegationTarget({
  id,
  kind,
  network,
}: {
  readonly id: string;
  readonly kind: string;
  readonly network: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      toast.show({ severity: "success", summary: t("guided.copied", { kind }), detail: id, life: 3000 });
    } catch {
      toast.show({ severity: "warn", summary: t("guided.copyFailed"), detail: id, life: 6000 });
    }
  };
  return (
    <Card as="section" raised aria-labelledby={headingId} className="delegation-target">
      <h2 id={headingId}>{t("guided.targetHeading", { kind, network })}</h2>
      <div className="delegation-target__body">
        <div className="delegation-target__id">
          <code className="target-id long-value">{id}</code>
          <Button variant="secondary" onClick={() => void copy()}>
            {t("guided.copy", { kind })}
          </Button>
          <p className="hint">{t("guided.checkId", { kind })}</p>
        </div>
        <TargetQrCode value={id} label={t("guided.qrLabel", { kind, id })} />
      </div>
    </Card>
  );
}
