import { useEffect } from "react";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { useAuthConnector } from "./use-auth-connector.ts";

/**
 * Loads the embedded wallet's frame with the modal's code (its 20 s load limit starts then) and shows the
 * frame's alerts (iframe load failed, request timeout) above the modal's views.
 */
export function EmbeddedWalletSync({ kit }: { readonly kit: ModalKit }) {
  const auth = useAuthConnector();
  const messenger = auth?.messenger;
  useEffect(() => {
    if (!messenger) return;
    const stop = messenger.onAlert((alert) => kit.features.addAlert(alert));
    messenger.ready().catch(() => undefined);
    return stop;
  }, [kit, messenger]);
  return null;
}
