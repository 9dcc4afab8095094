import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router-dom";
import { useRouteNetwork } from "../../components/network/use-route-network.ts";
import { Alert } from "../../components/ui/alert/Alert.tsx";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { Card } from "../../components/ui/card/Card.tsx";
import "./ssv.css";

const STEPS = [
  { path: "operators", key: "operators" },
  { path: "funding-period", key: "fundingPeriod" },
  { path: "upload-files", key: "uploadFiles" },
  { path: "validator-detail", key: "validatorDetail" },
  { path: "deposit", key: "deposit" },
] as const;

/** One step of the shared-operator (SSV) flow: the step list, this step's title and what it is for. */
export function SsvStepPage() {
  const { t } = useTranslation();
  const network = useRouteNetwork();
  const last = useLocation().pathname.replace(/\/+$/, "").split("/").pop();
  const index = Math.max(
    0,
    STEPS.findIndex((step) => step.path === last),
  );
  const step = STEPS[index] ?? STEPS[0];
  return (
    <div className="page ssv">
      <p className="ssv__kicker">{t("ssv.heading")}</p>
      <h1>{t(`ssv.steps.${step.key}`)}</h1>
      <Badge tone="info">{t("ssv.stepOf", { step: index + 1, total: STEPS.length })}</Badge>
      <Card>
        <nav aria-label={t("ssv.stepsLabel")}>
          <ol className="ssv__steps">
            {STEPS.map((item) => (
              <li key={item.path}>
                <NavLink to={`/${network.slug}/ssv/${item.path}`}>{t(`ssv.steps.${item.key}`)}</NavLink>
              </li>
            ))}
          </ol>
        </nav>
        <p>{t(`ssv.purpose.${step.key}`)}</p>
        <Alert tone="info" role="none">
          {t("network.notAvailable")}
        </Alert>
      </Card>
    </div>
  );
}
