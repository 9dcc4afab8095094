import type { ButtonHTMLAttributes } from "react";
import { type ButtonVariant, buttonClass } from "./button-class.ts";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  /** Work under way: the button shows a spinner, says so to screen readers (aria-busy) and cannot be pressed. */
  readonly loading?: boolean;
}

/** A button of the design system; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = "primary", loading = false, disabled, className, children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="ui-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
