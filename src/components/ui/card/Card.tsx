import type { HTMLAttributes } from "react";
import "./card.css";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: a list item in a list of cards, a section with its own heading, or a plain block. */
  readonly as?: "div" | "li" | "section" | "article";
  /** Raised cards (the one to look at first) carry a shadow; flat ones only a border. */
  readonly raised?: boolean;
}

/** A surface that groups one subject: border, radius and padding from the tokens. */
export function Card({ as: Element = "div", raised = false, className, ...rest }: CardProps) {
  return (
    <Element {...rest} className={["ui-card", raised ? "ui-card--raised" : "", className].filter(Boolean).join(" ")} />
  );
}
