import { type ReactNode, useEffect, useId, useRef, useState } from "react";
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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="ui-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only notices a followed link inside. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links are followed with Enter, which clicks them too. */}
      <div
        ref={panel}
        id={panelId}
        className="ui-menu__panel"
        data-open={open || undefined}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) setOpen(false);
        }}
      >
        {children}
      </div>
    </>
  );
}
