import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { NetworkFacts } from "../../components/network-facts/NetworkFacts.tsx";
import { useToast } from "../../components/toast/use-toast.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Button } from "../../components/ui/button/Button.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { app, type Network } from "../../generated/index.ts";
import { PlanDelegationForm } from "./PlanDelegationForm.tsx";
import "./guided.css";

type Guide = NonNullable<Network["guide"]>;
type Target = NonNullable<Guide["delegateTo"]>;

/**
 * The stake page of a network the app cannot stake from a browser wallet yet (family "guided"): its facts
 * from config, whom to delegate to (with copy), the steps as locale templates filled from config, its own
 * guides and the calculator. Everything here comes from the network's file.
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
  const target = guide.delegateTo;
  const kind = t(`guided.kinds.${target?.kind ?? "validator"}`);
  const values = { network: network.name, symbol: network.symbol, minimum: network.staking.minimum ?? "" };
  return (
    <div className="page page-stack guided">
      <h1>{t("network.stakeHeading", { network: network.name })}</h1>
      <p>{t(network.descriptionKey)}</p>
      <Alert tone="info" role="none">
        {t("guided.purpose", { network: network.name, brand: app.brand })}
      </Alert>
      <NetworkFacts staking={network.staking} symbol={network.symbol} headingId="stake-facts" />
      <DelegationTarget target={target} kind={kind} network={network.name} />
      <Card as="section" aria-labelledby={stepsId}>
        <h2 id={stepsId}>{t("guided.stepsHeading")}</h2>
        <ol className="guided-steps">
          {guide.stepKeys.map((key) => (
            <li key={key}>{t(key, values)}</li>
          ))}
        </ol>
      </Card>
      {guide.amountForm ? <PlanDelegationForm network={network} kind={kind} /> : null}
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
  target,
  kind,
  network,
}: {
  readonly target: Target | undefined;
  readonly kind: string;
  readonly network: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const copy = async (id: string) => {
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
      {target?.id ? (
        <p className="delegation-target__id">
          <code className="target-id">{target.id}</code>
          <Button variant="secondary" onClick={() => void copy(target.id ?? "")}>
            {t("guided.copy", { kind })}
          </Button>
        </p>
      ) : (
        <Alert tone="warning" role="none">
          <p>{t("guided.targetMissing", { kind, network })}</p>
          <p>
            <Link to="/contact">{t("guided.contactLink")}</Link>
          </p>
        </Alert>
      )}
    </Card>
  );
}
