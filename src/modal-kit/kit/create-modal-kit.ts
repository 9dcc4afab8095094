import type { ModalKitOptions } from "../config/kit-options.ts";
import { createModalStore, type ModalStore } from "../router/modal-store.ts";
import type { OpenRequest } from "../router/pick-open-view.ts";
import { type ConnectionFactsStore, createConnectionFacts } from "./connection-facts.ts";

/** A configured modal kit: its router, what it knows of the connection, and open / close for the host. */
export interface ModalKit {
  readonly options: ModalKitOptions;
  readonly store: ModalStore;
  readonly connection: ConnectionFactsStore;
  open(request?: OpenRequest): void;
  close(): boolean;
  /** Guards closing (sign-in required and no session yet); the kit's views set it. */
  setCloseGuard(canClose: (() => boolean) | undefined): void;
}

const isMobile = () =>
  typeof navigator !== "undefined" && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent ?? "");

/**
 * Creates the kit from the host's options. Cheap: nothing of wagmi, viem or the views is loaded until the
 * modal first opens (see ConnectWalletButton).
 */
export function createModalKit(options: ModalKitOptions): ModalKit {
  const connection = createConnectionFacts();
  let closeGuard: (() => boolean) | undefined;
  const store = createModalStore({
    embedded: options.embedded ?? false,
    context: () => {
      const facts = connection.get();
      return {
        isConnected: facts.isConnected,
        activeNamespace: facts.namespace,
        hasAdapters: true,
        manualConnectionControl: false,
        isMobile: isMobile(),
      };
    },
    canClose: () => closeGuard?.() ?? true,
  });
  connection.subscribe(() => store.connectionChanged());
  return {
    options,
    store,
    connection,
    open: (request) => store.open(request),
    close: () => store.close(),
    setCloseGuard(canClose) {
      closeGuard = canClose;
    },
  };
}
