import { createStore, type ReadableStore } from "../../core/store/create-store.ts";
import type { ErrorCategory } from "../analytics/analytics.ts";
import { AllowedOriginsError } from "./allowed-origins-error.ts";
import { type Features, resolveFeatures } from "./features.ts";
import type { SettingsClient } from "./settings-client.ts";

/** Alerts the modal shows above its views (spec section 8), as locale keys under modalKit.alerts. */
export type KitAlert =
  | "unverifiedDomain"
  | "appConfigServerError"
  | "appConfigRateLimited"
  | "embeddedWalletLoadFailed"
  | "embeddedWalletTimeout"
  | "invalidAppConfig"
  | "networkNotFound";

export interface FeatureState {
  readonly features: Features;
  readonly alerts: readonly KitAlert[];
}

export interface FeatureStore extends ReadableStore<FeatureState> {
  /** Shows an alert raised elsewhere in the kit (the embedded wallet's), once. */
  addAlert(alert: KitAlert): void;
  /** Reads the remote flags and the allowed origins once (later calls return the first call's promise). */
  load(): Promise<void>;
}

export interface FeatureStoreOptions {
  readonly local: Partial<Features> | undefined;
  /** Without a blockchain API the kit runs on its local flags and checks no origin. */
  readonly client: SettingsClient | undefined;
  readonly pageOrigin: () => string;
  readonly reportError: (error: unknown, category: ErrorCategory) => void;
}

/**
 * The kit's flags: local ones until the server's remote flags arrive, then those merged over them. A failed
 * config read keeps the local flags (reported as API_ERROR). The allowed origins give the alerts: the
 * unverified-domain alert when the page's origin is not on a non-empty list, rate limited or server error when
 * the list could not be read.
 */
export function createFeatureStore(options: FeatureStoreOptions): FeatureStore {
  const flags = createStore<FeatureState>({ features: resolveFeatures(options.local), alerts: [] });
  const update = (next: Partial<FeatureState>) => flags.setState(next);
  let loading: Promise<void> | undefined;
  const readFeatures = async (client: SettingsClient) => {
    try {
      update({ features: resolveFeatures(options.local, await client.remoteFeatures()) });
    } catch (error) {
      options.reportError(error, "API_ERROR");
    }
  };
  const readOrigins = async (client: SettingsClient) => {
    try {
      const allowed = await client.allowedOrigins();
      if (allowed.length > 0 && !allowed.includes(options.pageOrigin())) update({ alerts: ["unverifiedDomain"] });
    } catch (error) {
      if (!(error instanceof AllowedOriginsError)) throw error;
      options.reportError(error, "API_ERROR");
      update({ alerts: [error.code === "RATE_LIMITED" ? "appConfigRateLimited" : "appConfigServerError"] });
    }
  };
  return {
    getState: flags.getState,
    subscribe: flags.subscribe,
    addAlert(alert) {
      const { alerts } = flags.getState();
      if (!alerts.includes(alert)) update({ alerts: [...alerts, alert] });
    },
    load() {
      const { client } = options;
      loading ??= client
        ? Promise.all([readFeatures(client), readOrigins(client)]).then(() => undefined)
        : Promise.resolve();
      return loading;
    },
  };
}
