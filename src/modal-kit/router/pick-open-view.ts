import type { ChainNamespace, Route } from "./views.ts";

export interface OpenRequest {
  /** A view the host asks for explicitly. */
  readonly view?: Route["view"];
  /** The name a forced RegisterAccountNameSuccess shows. */
  readonly accountName?: string;
  /** The namespace the host wants a connection in (for example "solana" while "eip155" is active). */
  readonly namespace?: ChainNamespace;
}

export interface OpenContext {
  readonly isConnected: boolean;
  readonly activeNamespace: ChainNamespace | undefined;
  /** False when no chain adapter is configured: only the pairing flow is left. */
  readonly hasAdapters: boolean;
  /** The host drives the pairing connection itself. */
  readonly manualConnectionControl: boolean;
  readonly isMobile: boolean;
  /** The host configured the blockchain API, so account names can be registered. */
  readonly namesAvailable: boolean;
}

/**
 * The first view when the modal opens (spec section 2, "Opening picks the view"):
 * a forced view wins; then a namespace other than the active one starts the network-switch flow; then
 * Account when connected; without adapters (or with manual connection control) AllWallets on mobile and the
 * basic pairing view elsewhere; otherwise Connect.
 */
export function pickOpenView(request: OpenRequest, context: OpenContext): Route {
  if (request.view) {
    return {
      view: request.view,
      data: {
        ...(request.namespace ? { namespace: request.namespace } : {}),
        ...(request.accountName ? { accountName: request.accountName } : {}),
      },
    };
  }
  if (
    request.namespace !== undefined &&
    context.isConnected &&
    context.activeNamespace !== undefined &&
    request.namespace !== context.activeNamespace
  ) {
    return { view: "SwitchActiveChain", data: { namespace: request.namespace } };
  }
  if (context.isConnected) return { view: "Account", data: {} };
  if (!context.hasAdapters || context.manualConnectionControl) {
    return { view: context.isMobile ? "AllWallets" : "ConnectingWalletConnectBasic", data: {} };
  }
  return { view: "Connect", data: {} };
}
