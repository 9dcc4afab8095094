import { type MouseEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";

/** The open disclosures, innermost (last opened) last: Escape closes only the innermost one. */
const openStack: symbol[] = [];

export interface DisclosureButtonProps {
  readonly ref: RefObject<HTMLButtonElement | null>;
  readonly "aria-expanded": boolean;
  readonly "aria-controls": string;
  readonly onClick: () => void;
}

export interface DisclosurePanelProps {
  readonly ref: RefObject<HTMLDivElement | null>;
  readonly id: string;
  readonly onClick: (event: MouseEvent<HTMLElement>) => void;
}

export interface Disclosure {
  readonly open: boolean;
  /** Closes it without moving focus (e.g. when what it lists goes away). */
  readonly close: () => void;
  /** Spread on the `<button>` that opens and closes it. */
  readonly buttonProps: DisclosureButtonProps;
  /** Spread on the element it shows and hides. */
  readonly panelProps: DisclosurePanelProps;
}

/**
 * A disclosure (a button with aria-expanded and aria-controls, and the panel it shows). Open, it closes on
 * Escape with focus back on its button, on a press outside both button and panel, and on following a link in
 * the panel. Disclosures nest: Escape closes the innermost open one first.
 */
export function useDisclosure(): Disclosure {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const self = Symbol("disclosure");
    openStack.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || openStack.at(-1) !== self) return;
      // It leaves the stack in the clean-up, after this key press: an outer disclosure that hears the same
      // press later still finds this one innermost and stays open.
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      const at = openStack.indexOf(self);
      if (at >= 0) openStack.splice(at, 1);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  const onPanelClick = useCallback((event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  }, []);

  return {
    open,
    close,
    buttonProps: { ref: buttonRef, "aria-expanded": open, "aria-controls": panelId, onClick: toggle },
    panelProps: { ref: panelRef, id: panelId, onClick: onPanelClick },
  };
}
