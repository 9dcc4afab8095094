import type { ReactNode } from "react";
import "./empty-state.css";

/** Nothing to show yet: says so, and what to do next (`action`: a link or button, such as "Stake 32 ETH"). */
export function EmptyState({ children, action }: { readonly children: ReactNode; readonly action?: ReactNode }) {
  return (
    <div className="ui-empty">
      <p className="ui-empty__text">{children}</p>
      {action}
    </div>
  );
}
