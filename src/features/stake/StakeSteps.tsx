import { useTranslation } from "react-i18next";

export const STAKE_STEPS = ["details", "generate", "review", "sign", "broadcast", "confirmed"] as const;
export type StakeStep = (typeof STAKE_STEPS)[number];

/** The six steps of the stake flow in order, the current one marked (aria-current="step"). */
export function StakeSteps({ current }: { readonly current: StakeStep }) {
  const { t } = useTranslation();
  const at = STAKE_STEPS.indexOf(current);
  return (
    <ol className="stake-steps" aria-label={t("ethStake.steps.label")}>
      {STAKE_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={step === current ? "step" : undefined}
          className={index < at ? "done" : index === at ? "current" : undefined}
        >
          {t(`ethStake.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
