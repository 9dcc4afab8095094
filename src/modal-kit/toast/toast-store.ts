import { createStore, type ReadableStore } from "../../core/store/create-store.ts";

/** Toast variants of spec section 2. */
export type ToastVariant = "loading" | "success" | "error" | "svg";

/** A new toast waits this long after the old one closes (spec section 2). */
export const TOAST_SWITCH_DELAY_MS = 150;
/** How long a toast stays when it auto-closes (not in the spec; ours). */
export const TOAST_DURATION_MS = 2_500;

export interface ToastMessage {
  readonly variant: ToastVariant;
  /** Locale key of the text. */
  readonly textKey: string;
  readonly values?: Readonly<Record<string, string | number>>;
  /** Icon for the svg variant, as a data URL. */
  readonly svg?: string;
  /** Defaults to true. */
  readonly autoClose?: boolean;
}

export interface ToastState {
  readonly open: boolean;
  readonly message: ToastMessage | undefined;
}

export interface ToastStore extends ReadableStore<ToastState> {
  /** Shows a toast; one already open closes first and the new one follows 150 ms later. */
  show(message: ToastMessage): void;
  close(): void;
  dispose(): void;
}

export function createToastStore(): ToastStore {
  const toast = createStore<ToastState>({ open: false, message: undefined });
  let disposed = false;
  let switchTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: Partial<ToastState>) => {
    if (!disposed) toast.setState(next);
  };
  const clear = () => {
    if (switchTimer !== undefined) clearTimeout(switchTimer);
    if (closeTimer !== undefined) clearTimeout(closeTimer);
    switchTimer = undefined;
    closeTimer = undefined;
  };
  const present = (message: ToastMessage) => {
    set({ open: true, message });
    if (message.autoClose ?? true) closeTimer = setTimeout(() => store.close(), TOAST_DURATION_MS);
  };
  const store: ToastStore = {
    getState: toast.getState,
    subscribe: toast.subscribe,
    show(message) {
      const wasOpen = toast.getState().open;
      clear();
      if (!wasOpen) {
        present(message);
        return;
      }
      set({ open: false });
      switchTimer = setTimeout(() => {
        switchTimer = undefined;
        present(message);
      }, TOAST_SWITCH_DELAY_MS);
    },
    close() {
      clear();
      set({ open: false });
    },
    dispose() {
      clear();
      disposed = true;
    },
  };
  return store;
}
