import { createContext, useContext } from "react";
import type { WalletCatalogue } from "../catalogue/wallet-catalogue.ts";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import type { ToastStore } from "../toast/toast-store.ts";

export interface KitContextValue {
  readonly kit: ModalKit;
  /** The wallet catalogue, when the host gave a catalogue URL. */
  readonly catalogue: WalletCatalogue | undefined;
  readonly toasts: ToastStore;
}

export const KitContext = createContext<KitContextValue | undefined>(undefined);

export function useKit(): KitContextValue {
  const value = useContext(KitContext);
  if (!value) throw new Error("modal kit views must render inside the modal root");
  return value;
}
