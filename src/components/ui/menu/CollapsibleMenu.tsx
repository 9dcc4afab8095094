import { type ReactNode, useEffect } from "react";
import { useDisclosure } from "../disclosure/use-disclosure.ts";
import "./collapsible-menu.css";

export interface CollapsibleMenuProps {
  /** The accessible name of the button that opens the folded menu ("Menu"). */
  readonly label: string;
  /** Folded behind its button (the host decides when, e.g. from the width and what the row holds). */
  readonly folded: boolean;
  readonly children: ReactNode;
}

/**
 * A menu that sits inline, or, while `folded`, behind a button (a disclosure: aria-expanded, aria-controls).
 * Open, it closes on Escape (focus back on its button), on a click outside, on following a link in it and on
 * unfolding.
 */
export function CollapsibleMenu({ label, folded, children }: CollapsibleMenuProps) {
  const { open, close, buttonProps, panelProps } = useDisclosure();
  useEffect(() => {
    if (!folded) close();
  }, [folded, close]);
  return (
    <>
      {folded ? (
        <button type="button" className="ui-menu__button" {...buttonProps}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
            />
          </svg>
          <span className="visually-hidden">{label}</span>
        </button>
      ) : null}
      <div
        className="ui-menu__panel"
        data-folded={folded || undefined}
        data-open={(folded && open) || undefined}
        {...panelProps}
      >
        {children}
      </div>
    </>
  );
}
