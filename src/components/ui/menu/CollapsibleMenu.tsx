import type { ReactNode } from "react";
import { useDisclosure } from "../disclosure/use-disclosure.ts";
import "./collapsible-menu.css";

export interface CollapsibleMenuProps {
  /** The accessible name of the button that opens the menu on narrow screens ("Menu"). */
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * A menu that sits inline on wide screens and folds behind a button below 64rem (a disclosure: aria-expanded,
 * aria-controls). Open, it closes on Escape (focus back on its button), on a click outside and on following
 * a link in it.
 */
export function CollapsibleMenu({ label, children }: CollapsibleMenuProps) {
  const { open, buttonProps, panelProps } = useDisclosure();
  return (
    <>
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
      <div className="ui-menu__panel" data-open={open || undefined} {...panelProps}>
        {children}
      </div>
    </>
  );
}
