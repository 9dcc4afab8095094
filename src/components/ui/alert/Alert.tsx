import type { HTMLAttributes, ReactNode } from "react";
import "./alert.css";

/** What an alert tells: plain information, good news, something to heed, or a failure or refusal. */
export type AlertTone = "info" | "success" | "warning" | "danger";

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  readonly tone?: AlertTone;
  /** A bold first line ("Deposit refused"). */
  readonly title?: ReactNode;
  /**
   * How assistive technology hears it: warnings and failures interrupt ("alert"), information and good news wait
   * their turn ("status"); "none" makes a static notice that is read in place, not announced.
   */
  readonly role?: "alert" | "status" | "none";
  readonly children?: ReactNode;
}

const ICONS: Readonly<Record<AlertTone, string>> = {
  info: "M12 7.5v.5M12 11v6",
  success: "M7.5 12.5l3 3 6-6.5",
  warning: "M12 7v6M12 16.5v.5",
  danger: "M9 9l6 6M15 9l-6 6",
};

/** A message in a tinted box with an icon: a notice, a result, a warning or a refusal. */
export function Alert({ tone = "info", title, role, className, children, ...rest }: AlertProps) {
  const liveRole = role ?? (tone === "warning" || tone === "danger" ? "alert" : "status");
  return (
    <div
      {...rest}
      role={liveRole === "none" ? undefined : liveRole}
      className={["ui-alert", `ui-alert--${tone}`, className].filter(Boolean).join(" ")}
    >
      <svg className="ui-alert__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d={ICONS[tone]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
