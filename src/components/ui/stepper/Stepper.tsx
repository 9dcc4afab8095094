import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./stepper.css";

export interface StepperStep {
  readonly id: string;
  readonly label: ReactNode;
}

export interface StepperProps {
  readonly steps: readonly StepperStep[];
  /** The id of the step the user is on (aria-current="step"); the ones before it are done. */
  readonly current: string;
  /** Names the list for screen readers ("Staking steps"). */
  readonly label: string;
}

/**
 * Ordered steps with numbers: done ones ticked, the current one highlighted, upcoming ones muted. On a narrow
 * screen only the current step's label shows beside the numbers; the others stay readable to screen readers.
 */
export function Stepper({ steps, current, label }: StepperProps) {
  const { t } = useTranslation();
  const at = steps.findIndex((step) => step.id === current);
  return (
    <ol className="ui-stepper" aria-label={label}>
      {steps.map((step, index) => {
        const state = index < at ? "done" : index === at ? "current" : "upcoming";
        return (
          <li
            key={step.id}
            className={`ui-stepper__step ui-stepper__step--${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className="ui-stepper__label">{step.label}</span>
            {state === "done" ? <span className="visually-hidden"> {t("ui.stepper.done")}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
