import { type ReactNode, useId } from "react";
import "./field.css";

/** What a Field hands its control: spread it on the <input>, <select> or <textarea> (with react-hook-form's `register`). */
export interface FieldControlProps {
  readonly id: string;
  readonly className: string;
  readonly "aria-describedby"?: string;
  readonly "aria-invalid"?: true;
}

export interface FieldProps {
  readonly label: ReactNode;
  /** Help under the control, read with it (aria-describedby). */
  readonly hint?: ReactNode;
  /** What is wrong with the value: marks the control invalid and is announced with it. */
  readonly error?: ReactNode;
  /** Renders the control with the ids and states that tie it to its label, hint and error. */
  readonly children: (control: FieldControlProps) => ReactNode;
  /** Beside the label on the right (a balance, a "Max" link). */
  readonly aside?: ReactNode;
  readonly className?: string;
}

/**
 * A labelled form control with its hint and error: `<Field label="Amount" error={…}>{(c) => <input {...c}
 * {...register("amount")} />}</Field>`. The control is described by the hint and the error, and marked
 * aria-invalid while there is an error.
 */
export function Field({ label, hint, error, children, aside, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className={["ui-field", className].filter(Boolean).join(" ")}>
      <div className="ui-field__top">
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
        {aside ? <span className="ui-field__aside">{aside}</span> : null}
      </div>
      {children({
        id,
        className: "ui-input",
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
