import type { ReactNode } from "react";
import "./badge.css";

/** A badge's meaning: plain information, good news, something to note, or something gone wrong. */
export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

/** A short status word beside a title ("Coming soon", "Measured"). */
export function Badge({ tone = "neutral", children }: { readonly tone?: BadgeTone; readonly children: ReactNode }) {
  return <span className={`badge ui-badge ui-badge--${tone}`}>{children}</span>;
}
