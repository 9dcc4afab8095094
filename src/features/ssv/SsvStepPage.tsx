import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import { ssvOffering } from "../../lib/ssv-offering.ts";
import { DepositStep } from "./DepositStep.tsx";
import { FundingPeriodStep } from "./FundingPeriodStep.tsx";
import { OperatorsStep } from "./OperatorsStep.tsx";
import { SSV_FLOW_STEPS, type SsvStepProps } from "./ssv-flow-steps.ts";
import { UploadStep } from "./UploadStep.tsx";
import { ValidatorDetailStep } from "./ValidatorDetailStep.tsx";
import "./ssv.css";

const SCREENS = {
  operators: OperatorsStep,
  fundingPeriod: FundingPeriodStep,
  uploadFiles: UploadStep,
  validatorDetail: ValidatorDetailStep,
  deposit: DepositStep,
} as const satisfies Record<(typeof SSV_FLOW_STEPS)[number]["key"], (props: SsvStepProps) => unknown>;

/** One step of the shared-operator (SSV) flow: the step list, this step's title, and the step's screen. */
export function SsvStepPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const last = useLocation().pathname.replace(/\/+$/, "").split("/").pop();
  const index = Math.max(
    0,
    SSV_FLOW_STEPS.findIndex((step) => step.path === last),
  );
  const step = SSV_FLOW_STEPS[index] ?? SSV_FLOW_STEPS[0];
  const offering = ssvOffering(network);
  const Screen = SCREENS[step.key];
  return (
    <div className="page ssv">
      <p className="ssv__kicker">{t("ssv.heading")}</p>
      <h1>{t(`ssv.steps.${step.key}`)}</h1>
      <Badge tone="info">{t("ssv.stepOf", { step: index + 1, total: SSV_FLOW_STEPS.length })}</Badge>
      <nav aria-label={t("ssv.stepsLabel")}>
        <ol className="ssv__steps">
          {SSV_FLOW_STEPS.map((item) => (
            <li key={item.path}>
              <NavLink to={`/${network.slug}/ssv/${item.path}`}>{t(`ssv.steps.${item.key}`)}</NavLink>
            </li>
          ))}
        </ol>
      </nav>
      <p>{t(`ssv.purpose.${step.key}`)}</p>
      {offering ? (
        <Screen offering={offering} base={`/${network.slug}/ssv`} network={network} />
      ) : (
        <Card>
          <Alert tone="info" role="none">
            {t("network.notAvailable")}
          </Alert>
        </Card>
      )}
    </div>
  );
}
