import type { HTMLAttributes } from "react";
import "../stat/stat.css";
import "./stat-grid.css";

/** A <dl> of Stats laid out as cards in a grid that wraps: one column at 360 px, up to four wide. */
export function StatGrid({ className, ...rest }: HTMLAttributes<HTMLDListElement>) {
  return <dl {...rest} className={["ui-stat-grid ui-stat-grid--cards", className].filter(Boolean).join(" ")} />;
}
