import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { ToastItem } from "./ToastItem.tsx";
import { ToastContext } from "./toast-context.ts";
import type { Toast, ToastApi, ToastOptions } from "./toast-types.ts";

interface ToastProviderProps {
  readonly children: ReactNode;
  /** Accessible name of the toast area ("Notifications"). */
  readonly regionLabel: string;
  /** Accessible name of each close button ("Close notification"). */
  readonly closeLabel: string;
}

/**
 * Holds the toasts and renders them, newest last, in a 25rem column at the top centre of the screen,
 * above the routed page.
 */
export function ToastProvider({ children, regionLabel, closeLabel }: ToastProviderProps) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);

  const close = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    const toast: Toast = { ...options, id, severity: options.severity ?? "info", closable: options.closable ?? true };
    setToasts((current) => [...current, toast]);
    return id;
  }, []);
  const clear = useCallback(() => setToasts([]), []);
  const api = useMemo<ToastApi>(() => ({ show, close, clear }), [show, close, clear]);

  return (
    <ToastContext.Provider value={api}>
      <section className="toast-area" aria-label={regionLabel}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} onClose={close} />
        ))}
      </section>
      {children}
    </ToastContext.Provider>
  );
}
