import { type KeyboardEvent, useEffect } from "react";
import { roleOf, type Toast } from "./toast-types.ts";

interface ToastItemProps {
  readonly toast: Toast;
  readonly closeLabel: string;
  readonly onClose: (id: number) => void;
}

/** One toast: closes itself after `life` ms; the close button or Escape closes it when closable. */
export function ToastItem({ toast, closeLabel, onClose }: ToastItemProps) {
  const { id, life } = toast;
  useEffect(() => {
    if (life === undefined) return;
    const timer = setTimeout(() => onClose(id), life);
    return () => clearTimeout(timer);
  }, [id, life, onClose]);

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
