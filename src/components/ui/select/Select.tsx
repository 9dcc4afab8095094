import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { Field } from "../field/Field.tsx";
import "./select.css";

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> {
  readonly ref?: Ref<HTMLSelectElement>;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
  /** The <option> elements. */
  readonly children: ReactNode;
}

/** A native <select> in a Field (keyboard and screen readers work as the platform's), drawn with the tokens. */
export function Select({ label, hint, error, children, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...select} {...control} className={`${control.className} ui-select`}>
          {children}
        </select>
      )}
    </Field>
  );
}
