import { useTranslation } from "react-i18next";
import { useStore } from "../store/use-store.ts";
import type { ToastStore } from "./toast-store.ts";

const MARKS = { loading: "…", success: "✓", error: "!" } as const;

/** The kit's toast, announced to screen readers (errors assertively). */
export function ToastView({ toasts }: { readonly toasts: ToastStore }) {
  const { t } = useTranslation();
  const { open, message } = useStore(toasts);
  return (
    <div className="mk-toast-region" role={message?.variant === "error" ? "alert" : "status"} aria-live="polite">
      {open && message ? (
        <div className={`mk-toast mk-toast-${message.variant}`}>
          {message.variant === "svg" ? (
            message.svg ? (
              <img src={message.svg} alt="" width={16} height={16} />
            ) : null
          ) : (
            <span aria-hidden="true">{MARKS[message.variant]}</span>
          )}
          <span>{t(message.textKey, message.values)}</span>
        </div>
      ) : null}
    </div>
  );
}
