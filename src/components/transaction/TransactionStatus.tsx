import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "../ui/badge/Badge.tsx";
import { Stepper } from "../ui/stepper/Stepper.tsx";
import type { TransactionFlow } from "./use-transaction-flow.ts";

type ShownStep = Exclude<TransactionFlow["step"], "idle">;

const TONES: Readonly<Record<ShownStep, BadgeTone>> = {
  preparing: "neutral",
  review: "info",
  signing: "info",
  broadcast: "info",
  confirmed: "success",
  failed: "warning",
};

const STEPS = ["review", "signing", "broadcast", "confirmed"] as const;
const STEP_OF: Readonly<Record<ShownStep, (typeof STEPS)[number]>> = {
  preparing: "review",
  review: "review",
  signing: "signing",
  broadcast: "broadcast",
  confirmed: "confirmed",
  failed: "signing",
};

/** Where a transaction stands: a status badge and, unless the screen shows its own steps, review → sign → mined. */
export function TransactionStatus({ step, showSteps }: { readonly step: ShownStep; readonly showSteps: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="tx-panel__status">
      <Badge tone={TONES[step]}>{t(`transactions.status.${step}`)}</Badge>
      {showSteps ? (
        <Stepper
          label={t("transactions.steps.label")}
          current={STEP_OF[step]}
          steps={STEPS.map((id) => ({ id, label: t(`transactions.steps.${id}`) }))}
        />
      ) : null}
    </div>
  );
}
