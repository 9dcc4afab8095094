import type { ReactNode } from "react";
import "./toggle.css";

export interface ToggleProps {
  readonly label: ReactNode;
  readonly checked: boolean;
  onChange(checked: boolean): void;
  readonly disabled?: boolean;
}

/** An on/off switch (role="switch", aria-checked) with its label: Space or Enter flips it, as a button does. */
export function Toggle({ label, checked, onChange, disabled }: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className="ui-toggle"
      onClick={() => onChange(!checked)}
    >
      <span className="ui-toggle__track" aria-hidden="true">
        <span className="ui-toggle__thumb" />
      </span>
      <span className="ui-toggle__label">{label}</span>
    </button>
  );
}
