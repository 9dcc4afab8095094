import type { FieldsetHTMLAttributes, ReactNode } from "react";
import "./choice-group.css";

export interface ChoiceGroupProps extends FieldsetHTMLAttributes<HTMLFieldSetElement> {
  /** The question the choices answer ("Withdrawal credential type"): the group's name. */
  readonly legend: ReactNode;
}

/** A framed group of radio buttons or check boxes (Checkbox) named by its legend. */
export function ChoiceGroup({ legend, className, children, ...rest }: ChoiceGroupProps) {
  return (
    <fieldset {...rest} className={["ui-choice-group", className].filter(Boolean).join(" ")}>
      <legend className="ui-choice-group__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
