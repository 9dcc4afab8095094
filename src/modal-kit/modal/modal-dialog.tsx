import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useFeatures } from "../features/use-features.ts";
import { useStore } from "../store/use-store.ts";
import { focusableIn, trapTab } from "./focus-trap.ts";
import { useKit } from "./kit-context.ts";
import { ViewSwitch } from "./view-switch.tsx";
import { viewTitleKey } from "./view-title.ts";

/**
 * The modal: an aria-modal dialog over a backdrop, rendered in document.body. Focus moves into it on open and
 * on each view change, Tab stays inside, Escape and the backdrop close it (or shake it when closing is not
 * allowed), and focus returns to what had it before.
 */
export function ModalDialog() {
  const { kit } = useKit();
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const shake = useStore(kit.store, (state) => state.shake);
  const history = useStore(kit.store, (state) => state.history);
  const embedded = kit.store.getState().embedded;
  const { alerts } = useFeatures();
  const route = history[history.length - 1] ?? { view: "Connect", data: {} };

  // A modal takes focus and gives it back; an embedded (inline) kit leaves the page's focus alone.
  useEffect(() => {
    if (embedded) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, [embedded]);
  useEffect(() => {
    const root = dialog.current;
    if (embedded || !root || root.contains(document.activeElement)) return;
    (root.querySelector<HTMLElement>("[data-autofocus]") ?? focusableIn(root)[0] ?? root).focus();
  });

  const body = (
    <div
      ref={dialog}
      role="dialog"
      aria-modal={embedded ? undefined : "true"}
      aria-labelledby={titleId}
      tabIndex={-1}
      className={`mk-dialog${shake ? " mk-shake" : ""}`}
      data-view={route.view}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !embedded) {
          event.stopPropagation();
          kit.store.close();
        } else if (dialog.current && !embedded) trapTab(event, dialog.current);
      }}
    >
      <header className="mk-header">
        {history.length > 1 ? (
          <button
            type="button"
            className="mk-icon-button"
            aria-label={t("modalKit.dialog.back")}
            onClick={() => kit.store.goBack()}
          >
            ‹
          </button>
        ) : (
          <span className="mk-icon-spacer" />
        )}
        <h2 id={titleId} className="mk-title">
          {t(viewTitleKey(route))}
        </h2>
        {embedded ? (
          <span className="mk-icon-spacer" />
        ) : (
          <button
            type="button"
            className="mk-icon-button"
            aria-label={t("modalKit.dialog.close")}
            onClick={() => kit.store.close()}
          >
            ×
          </button>
        )}
      </header>
      {alerts.map((alert) => (
        <p key={alert} role="alert" className="mk-alert">
          {t(`modalKit.alerts.${alert}`)}
        </p>
      ))}
      <ViewSwitch route={route} />
    </div>
  );
  if (embedded) return body;
  return createPortal(
    // The backdrop only adds pointer closing; keyboard users close with Escape or the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside the dialog is a pointer shortcut
    <div
      className="mk-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) kit.store.close();
      }}
    >
      {body}
    </div>,
    document.body,
  );
}
