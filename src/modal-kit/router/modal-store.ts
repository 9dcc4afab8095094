import { createStore, type ReadableStore } from "../../core/store/create-store.ts";
import { type OpenContext, type OpenRequest, pickOpenView } from "./pick-open-view.ts";
import { assertCanOpen } from "./view-availability.ts";
import type { Route, RouteData, View } from "./views.ts";

/** How long the modal shakes when a close is refused (spec section 4). */
const SHAKE_DURATION_MS = 500;

export interface ModalState {
  readonly open: boolean;
  readonly loading: boolean;
  readonly shake: boolean;
  /** The view stack; the last entry is shown. Never empty. */
  readonly history: readonly Route[];
  readonly embedded: boolean;
}

export interface ModalStoreOptions {
  /** Embedded mode: the modal is always shown inline, as Account when connected, else Connect. */
  readonly embedded?: boolean;
  /** Facts the router reads when it opens or goes back (connection, adapters, device). */
  readonly context: () => OpenContext;
  /** Returns false while the modal must stay open (sign-in required and no session): close then shakes. */
  readonly canClose?: () => boolean;
}

export interface ModalStore extends ReadableStore<ModalState> {
  /** Opens at the view the router picks; a forced view the kit does not have or cannot show throws ViewUnavailableError. */
  open(request?: OpenRequest): void;
  /** Closes and resets the stack to Connect; returns false (and shakes) when closing is not allowed. */
  close(): boolean;
  push(view: View, data?: RouteData): void;
  replace(view: View, data?: RouteData): void;
  /** Pops the stack; at the first view it closes the modal. */
  goBack(): void;
  setLoading(loading: boolean): void;
  triggerShake(): void;
  /**
   * Tells the router the connection changed: Connect, the basic pairing view and the namespace switch become
   * Account once a wallet is connected in the wanted namespace; Account becomes Connect on disconnect.
   */
  connectionChanged(): void;
}

const CONNECT: Route = { view: "Connect", data: {} };

/** A framework-free store of the modal's open state and view stack (spec sections 2 and 4). */
export function createModalStore(options: ModalStoreOptions): ModalStore {
  const embedded = options.embedded ?? false;
  let shakeTimer: ReturnType<typeof setTimeout> | undefined;
  const home = (): Route => (options.context().isConnected ? { view: "Account", data: {} } : CONNECT);
  const modal = createStore<ModalState>({
    open: embedded,
    loading: false,
    shake: false,
    history: [embedded ? home() : CONNECT],
    embedded,
  });
  const set = (patch: Partial<ModalState>) => modal.setState(patch);
  const current = (): Route => {
    const { history } = modal.getState();
    return history[history.length - 1] ?? CONNECT;
  };
  /**
   * "Going back to Connect while connected shows Account instead", unless that Connect belongs to the
   * namespace-switch flow (a wallet for another namespace than the active one is being connected).
   */
  const resolve = (route: Route): Route => {
    if (route.view !== "Connect") return route;
    const { isConnected, activeNamespace } = options.context();
    const switching = route.data.namespace !== undefined && route.data.namespace !== activeNamespace;
    return isConnected && !switching ? { view: "Account", data: {} } : route;
  };
  /** Views that give way to Account as soon as a wallet connects in the namespace they were opened for. */
  const CONNECTING_HOME = new Set<Route["view"]>(["Connect", "ConnectingWalletConnectBasic", "SwitchActiveChain"]);

  const store: ModalStore = {
    getState: modal.getState,
    subscribe: modal.subscribe,
    open(request = {}) {
      const route = embedded && !request.view ? home() : pickOpenView(request, options.context());
      if (request.view) assertCanOpen(route, options.context());
      set({ open: true, history: [route] });
    },
    close() {
      if (options.canClose && !options.canClose()) {
        store.triggerShake();
        return false;
      }
      set({ open: embedded, loading: false, history: [embedded ? home() : CONNECT] });
      return true;
    },
    push(view, data = {}) {
      const top = current();
      if (top.view === view && JSON.stringify(top.data) === JSON.stringify(data)) return;
      set({ history: [...modal.getState().history, { view, data }] });
    },
    replace(view, data = {}) {
      set({ history: [...modal.getState().history.slice(0, -1), { view, data }] });
    },
    goBack() {
      const { history } = modal.getState();
      if (history.length <= 1) {
        store.close();
        return;
      }
      const rest = history.slice(0, -1);
      const previous = rest[rest.length - 1] ?? CONNECT;
      set({ history: [...rest.slice(0, -1), resolve(previous)] });
    },
    setLoading(loading) {
      set({ loading });
    },
    triggerShake() {
      if (shakeTimer !== undefined) clearTimeout(shakeTimer);
      set({ shake: true });
      shakeTimer = setTimeout(() => {
        shakeTimer = undefined;
        set({ shake: false });
      }, SHAKE_DURATION_MS);
    },
    connectionChanged() {
      const top = current();
      const { history, open } = modal.getState();
      if (embedded && history.length === 1 && (top.view === "Connect" || top.view === "Account")) {
        set({ history: [home()] });
        return;
      }
      if (!open) return;
      const { isConnected, activeNamespace } = options.context();
      if (CONNECTING_HOME.has(top.view) && isConnected) {
        const wanted = top.data.namespace;
        if (wanted === undefined || wanted === activeNamespace) store.replace("Account");
      } else if (top.view === "Account" && !isConnected) store.replace("Connect");
    },
  };
  return store;
}
