import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { roleOf, type Toast } from "./toast-types.ts";

interface ToastItemProps {
  readonly toast: Toast;
  readonly closeLabel: string;
  readonly onClose: (id: number) => void;
}

/**
 * One toast: closes itself after `life` ms (paused on hover and focus); the close button or Escape closes it
 * when closable.
 */
export function ToastItem({ toast, closeLabel, onClose }: ToastItemProps) {
  const { id, life } = toast;
  // The countdown pauses while the pointer is over the toast or focus is inside it, so nobody loses a
  // message they are reading or about to close (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);
  const remaining = useRef(life ?? 0);
  useEffect(() => {
    if (life === undefined || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onClose(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, life, paused, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (toast.closable && event.key === "Escape") onClose(id);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the toast (on its close button) closes it
    <div
      className={`toast toast-${toast.severity}`}
      role={roleOf(toast.severity)}
      data-severity={toast.severity}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast-text">
        <p className="toast-summary">{toast.summary}</p>
        {toast.detail ? <p className="toast-detail">{toast.detail}</p> : null}
      </div>
      {toast.closable ? (
        <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => onClose(id)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
