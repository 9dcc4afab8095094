import type { ReactNode } from "react";

/**
 * One row of a transaction review (a labelled value in the review's <dl>); emphasised rows (the amount, the
 * total) are the largest text of the card.
 */
export function ReviewRow({
  label,
  children,
  emphasis = false,
}: {
  readonly label: ReactNode;
  readonly children: ReactNode;
  readonly emphasis?: boolean;
}) {
  return (
    <div className={emphasis ? "tx-review__row tx-review__row--emphasis" : "tx-review__row"}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
