import type { HTMLAttributes, ReactNode } from "react";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import "./stat.css";

export interface StatProps extends Omit<HTMLAttributes<HTMLDivElement>, "children"> {
  /** What the figure is ("APR"). */
  readonly label: ReactNode;
  /** The figure people act on: the largest text of its card. Absent while loading. */
  readonly value?: ReactNode;
  /** A word on the figure (its source, its period), after it in smaller text. */
  readonly hint?: ReactNode;
  /** Still loading: a skeleton stands where the figure will be. */
  readonly loading?: boolean;
}

/** One figure with its label, as a dt/dd pair in a div: place it in a <dl>. */
export function Stat({ label, value, hint, loading = false, className, ...rest }: StatProps) {
  return (
    <div {...rest} className={["ui-stat", className].filter(Boolean).join(" ")}>
      <dt className="ui-stat__label">{label}</dt>
      <dd className="ui-stat__value">
        {loading ? <Skeleton width="5ch" /> : value}
        {hint && !loading ? (
          <>
            {" "}
            <span className="ui-stat__hint">{hint}</span>
          </>
        ) : null}
      </dd>
    </div>
  );
}
