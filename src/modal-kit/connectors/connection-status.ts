import { KitError } from "../errors/kit-error.ts";

/**
 * A connection in the account switcher (spec section 4): connected (the active connector of its namespace),
 * active (known but not the active one) or disconnected.
 */
export const CONNECTION_STATUSES = ["connected", "active", "disconnected"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Anything else than the three statuses is an error: 'Invalid connection status: {s}'. */
export function assertConnectionStatus(value: string): ConnectionStatus {
  if ((CONNECTION_STATUSES as readonly string[]).includes(value)) return value as ConnectionStatus;
  throw new KitError(`Invalid connection status: ${value}`, "modalKit.errors.invalidConnectionStatus", {
    values: { status: value },
  });
}

export function connectionStatus(
  connectorId: string,
  state: { readonly activeConnectorId: string | undefined; readonly connectedIds: ReadonlySet<string> },
): ConnectionStatus {
  if (connectorId === state.activeConnectorId) return "connected";
  return state.connectedIds.has(connectorId) ? "active" : "disconnected";
}

/** How to switch to a connection: through its existing connector, or the wallet's own connect flow. */
export function switchPath(status: ConnectionStatus): "none" | "reconnect" | "connect" {
  switch (status) {
    case "connected":
      return "none";
    case "active":
      return "reconnect";
    case "disconnected":
      return "connect";
  }
}

export interface SwitchResult {
  readonly address: string;
  readonly namespace: string;
  readonly hasSwitchedAccount: boolean;
  readonly hasSwitchedWallet: boolean;
}

/** What a switch changed (spec section 4: address, namespace, hasSwitchedAccount, hasSwitchedWallet). */
export function describeSwitch(
  before: { readonly address: string | undefined; readonly connectorId: string | undefined },
  after: { readonly address: string; readonly connectorId: string; readonly namespace: string },
): SwitchResult {
  return {
    address: after.address,
    namespace: after.namespace,
    hasSwitchedAccount: before.address?.toLowerCase() !== after.address.toLowerCase(),
    hasSwitchedWallet: before.connectorId !== after.connectorId,
  };
}
