import { useEffect } from "react";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { appLocale } from "./app-locale.ts";
import type { FrameMessenger } from "./frame-messenger.ts";
import { useAuthConnector } from "./use-auth-connector.ts";

/** The page's theme as the kit's styles read it: <html data-theme>, else the system's. */
const themeMode = () => {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "dark" || chosen === "light") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
};

/** Tells the frame the theme now and whenever <html data-theme> changes, so its dialogs match the page. */
function syncTheme(messenger: FrameMessenger): () => void {
  const send = () => messenger.request("SYNC_THEME", { themeMode: themeMode() }).catch(() => undefined);
  void send();
  const observer = new MutationObserver(send);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/** Tells the frame the app's language (<html lang>, "zh-CN" → locale "zh_CN") now and whenever the app switches (its first one came in the frame's query). */
function syncLocale(messenger: FrameMessenger): () => void {
  const send = () => messenger.request("SYNC_DAPP_DATA", { locale: appLocale() }).catch(() => undefined);
  void send();
  const observer = new MutationObserver(send);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  return () => observer.disconnect();
}

/**
 * Loads the embedded wallet's frame with the modal's code (its 20 s load limit starts then), keeps its theme in
 * step with the page's, its language with the app's, and shows the frame's alerts (iframe load failed, request timeout) above the views.
 */
export function EmbeddedWalletSync({ kit }: { readonly kit: ModalKit }) {
  const auth = useAuthConnector();
  const messenger = auth?.messenger;
  useEffect(() => {
    if (!messenger) return;
    const stopAlerts = messenger.onAlert((alert) => kit.features.addAlert(alert));
    let stopTheme: (() => void) | undefined;
    let stopLocale: (() => void) | undefined;
    let alive = true;
    messenger.ready().then(
      () => {
        if (!alive) return;
        stopTheme = syncTheme(messenger);
        stopLocale = syncLocale(messenger);
      },
      () => undefined,
    );
    return () => {
      alive = false;
      stopAlerts();
      stopTheme?.();
      stopLocale?.();
    };
  }, [kit, messenger]);
  return null;
}
