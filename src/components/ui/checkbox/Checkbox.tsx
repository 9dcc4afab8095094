import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import "./checkbox.css";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className"> {
  readonly ref?: Ref<HTMLInputElement>;
  readonly label: ReactNode;
  /** A line under the label, read with the box (aria-describedby). */
  readonly hint?: ReactNode;
  /** A radio button in a group instead of a check box (same look, round). */
  readonly radio?: boolean;
}

/** A native check box (or radio button) with its label beside it and an optional hint; takes `register(...)`. */
export function Checkbox({ label, hint, radio = false, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className="ui-checkbox">
      <input
        {...input}
        id={id}
        type={radio ? "radio" : "checkbox"}
        className="ui-checkbox__box"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="ui-checkbox__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="ui-checkbox__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
