import { type ReactNode, useId, useState } from "react";
import "./tooltip.css";

export interface TooltipProps {
  /** The short explanation. */
  readonly content: ReactNode;
  /** Accessible name of the "?" button the tip hangs on ("What is the service fee?"). */
  readonly label: string;
}

/**
 * A "?" button with an explanation that shows on hover and on keyboard focus (and hides on Escape); the
 * button is described by the tip (aria-describedby), so screen readers read it too.
 */
export function Tooltip({ content, label }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="ui-tooltip">
      <button
        type="button"
        className="ui-tooltip__trigger"
        aria-label={label}
        aria-describedby={id}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        ?
      </button>
      <span id={id} role="tooltip" className="ui-tooltip__tip" hidden={!open}>
        {content}
      </span>
    </span>
  );
}
