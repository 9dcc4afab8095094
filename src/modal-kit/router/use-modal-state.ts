import { useSyncExternalStore } from "react";
import type { ModalState, ModalStore } from "./modal-store.ts";

/** The modal store's state in React; re-renders when the selected value changes. */
export function useModalState<T>(store: ModalStore, select: (state: ModalState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
