import type { Config } from "wagmi";
import { type Analytics, createAnalytics } from "../analytics/analytics.ts";
import type { ModalKitOptions } from "../config/kit-options.ts";
import type { SwitchResult } from "../connectors/connection-status.ts";
import { KitError } from "../errors/kit-error.ts";
import { createFeatureStore, type FeatureStore } from "../features/feature-store.ts";
import { lazySettingsClient } from "../features/lazy-settings-client.ts";
import { createModalStore, type ModalStore } from "../router/modal-store.ts";
import type { OpenRequest } from "../router/pick-open-view.ts";
import { createSessionStore, type SessionStore } from "../sign-in/session-store.ts";
import { type ConnectionFacts, type ConnectionFactsStore, createConnectionFacts } from "./connection-facts.ts";

/** A configured modal kit: its router, what it knows of the connection, and open / close for the host. */
export interface ModalKit {
  readonly options: ModalKitOptions;
  readonly store: ModalStore;
  readonly connection: ConnectionFactsStore;
  /** The resolved feature flags and the alerts of the allowed-origins check. */
  readonly features: FeatureStore;
  /** Events and error reports to the blockchain API (nothing while the analytics flag or the server says off). */
  readonly analytics: Analytics;
  /** Sign-in sessions of this visit. */
  readonly sessions: SessionStore;
  /**
   * Opens the modal. A forced view the kit does not have, or cannot show now (Account while disconnected,
   * RegisterAccountName without the blockchain API), throws ViewUnavailableError and leaves the modal as it was.
   */
  open(request?: OpenRequest): void;
  /** Closes the modal; refused (the modal shakes) while sign-in is required and no session exists. */
  close(): boolean;
  /**
   * Opens the modal on Connect and settles with the connection once a wallet connects; rejects with KitError
   * 'Modal closed' when the user closes the modal first. Already connected: settles at once, opening nothing.
   */
  connect(): Promise<ConnectionFacts>;
  /**
   * Switches the connected wallet to one of the configured networks. A chain id that is not one of them
   * rejects with 'Network not found' and raises the modal's alert (it must be in the configured networks).
   */
  switchNetwork(chainId: number): Promise<void>;
  /** True while sign-in is required and the connected address has no session on its network. */
  needsSignIn(): boolean;
  /**
   * Loads the kit's wagmi config (the same instance the modal uses) so the host can send transactions with
   * wagmi's actions through the connected wallet. Loading it also starts the modal's code in the background.
   */
  loadWagmiConfig(): Promise<Config>;
  /** Listens to switch results (spec section 4); returns the function that stops listening. */
  onSwitch(listener: (result: SwitchResult) => void): () => void;
  /** Reports a switch to options.onSwitch and every listener (used by the kit's views). */
  reportSwitch(result: SwitchResult): void;
}

const isMobile = () =>
  typeof navigator !== "undefined" && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent ?? "");

/**
 * Creates the kit from the host's options. Cheap: nothing of wagmi, viem or the views is loaded until the
 * modal first opens (see ConnectWalletButton).
 */
export function createModalKit(options: ModalKitOptions): ModalKit {
  const connection = createConnectionFacts();
  const { blockchainApiUrl, projectId, version } = options;
  const settings = blockchainApiUrl
    ? lazySettingsClient({
        baseUrl: blockchainApiUrl,
        projectId: projectId ?? "self-hosted",
        sdkType: "modal-kit",
        sdkVersion: version ?? "1",
      })
    : undefined;
  const analytics = createAnalytics({
    send: settings ? settings.sendEvent : async () => undefined,
    enabled: () => settings !== undefined && features.getState().features.analytics,
    serverAllows: async () => (settings ? settings.analyticsEnabled() : false),
    // Spec section 8: the server's 403 (origin not on the allowlist) shows 'Invalid App Configuration' once, in debug only.
    onRefused: () => {
      if (options.debug) features.addAlert("invalidAppConfig");
    },
  });
  const features = createFeatureStore({
    local: options.features,
    client: settings,
    pageOrigin: () => location.origin,
    reportError: analytics.reportError,
  });
  const sessions = createSessionStore();
  const needsSignIn = () => {
    const { isConnected, address, chainId } = connection.getState();
    return Boolean(options.signIn?.required) && isConnected && !sessions.has(address, chainId);
  };
  const store = createModalStore({
    embedded: options.embedded ?? false,
    context: () => {
      const facts = connection.getState();
      return {
        isConnected: facts.isConnected,
        activeNamespace: facts.namespace,
        // The kit's one adapter is eip155, present whenever networks are configured (the options require one).
        hasAdapters: options.networks.length > 0,
        manualConnectionControl: options.manualConnectionControl ?? false,
        isMobile: isMobile(),
        namesAvailable: Boolean(options.blockchainApiUrl),
      };
    },
    canClose: () => !needsSignIn(),
  });
  connection.subscribe(() => store.connectionChanged());
  let wasOpen = store.getState().open;
  store.subscribe(() => {
    const { open } = store.getState();
    if (open !== wasOpen)
      analytics.track(open ? "MODAL_OPEN" : "MODAL_CLOSE", { connected: connection.getState().isConnected });
    wasOpen = open;
  });
  // Disconnecting signs out: the host's server ends the session and this visit's sessions are forgotten.
  let wasConnected = connection.getState().isConnected;
  connection.subscribe(() => {
    const { isConnected } = connection.getState();
    if (wasConnected && !isConnected) {
      sessions.clear();
      // Nothing to show once the wallet is gone: a server that cannot be told keeps the session until it expires.
      options.signIn?.signOut?.().catch(() => undefined);
    }
    wasConnected = isConnected;
  });
  const switchListeners = new Set<(result: SwitchResult) => void>();
  const connect = () =>
    new Promise<ConnectionFacts>((resolve, reject) => {
      if (connection.getState().isConnected) return resolve(connection.getState());
      const stop = () => {
        stopConnection();
        stopModal();
      };
      const stopConnection = connection.subscribe(() => {
        if (!connection.getState().isConnected) return;
        stop();
        resolve(connection.getState());
      });
      const stopModal = store.subscribe(() => {
        if (store.getState().open || connection.getState().isConnected) return;
        stop();
        reject(new KitError("Modal closed", "modalKit.errors.modalClosed"));
      });
      store.open({ view: "Connect" });
    });
  const loadWagmiConfig = () =>
    import("../config/create-wagmi-config.ts").then((module) => module.loadWagmiConfigFor(options));
  const switchNetwork = async (chainId: number) => {
    if (!options.networks.some((network) => network.id === chainId)) {
      features.addAlert("networkNotFound");
      throw new KitError("Network not found", "modalKit.errors.networkNotFound", {
        details: `chain ${chainId} is not one of the configured networks (${options.networks.map((network) => network.id).join(", ")})`,
      });
    }
    const [config, { switchChain }] = await Promise.all([loadWagmiConfig(), import("wagmi/actions")]);
    await switchChain(config, { chainId });
  };
  return {
    options,
    store,
    connection,
    features,
    analytics,
    sessions,
    open: (request) => store.open(request),
    close: () => store.close(),
    connect,
    switchNetwork,
    needsSignIn,
    onSwitch(listener) {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
    reportSwitch(result) {
      options.onSwitch?.(result);
      for (const listener of switchListeners) listener(result);
    },
    loadWagmiConfig,
  };
}
