import { useTranslation } from "react-i18next";
import { Stepper } from "../../components/ui/stepper/Stepper.tsx";

export const STAKE_STEPS = ["details", "generate", "review", "sign", "broadcast", "confirmed"] as const;
export type StakeStep = (typeof STAKE_STEPS)[number];

/** The six steps of the stake flow in order, the current one marked (aria-current="step"). */
export function StakeSteps({ current }: { readonly current: StakeStep }) {
  const { t } = useTranslation();
  return (
    <Stepper
      label={t("ethStake.steps.label")}
      current={current}
      steps={STAKE_STEPS.map((step) => ({ id: step, label: t(`ethStake.steps.${step}`) }))}
    />
  );
}
