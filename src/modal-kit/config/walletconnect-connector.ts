import type { CreateConnectorFn } from "wagmi";
import { walletConnect } from "wagmi/connectors";
import type { ModalKitOptions } from "./kit-options.ts";

/**
 * wagmi's WalletConnect connector for the kit's options: no QR modal of its own (the kit draws the pairing
 * view), the host's metadata, and the relay the options name. In a module of its own, loaded only when a
 * project id is set, so a kit without WalletConnect does not load the connector when the modal opens.
 */
export function walletConnectConnector(options: ModalKitOptions, projectId: string): CreateConnectorFn {
  return walletConnect({
    projectId,
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    showQrModal: false,
    ...(options.walletConnectRelayUrl ? { relayUrl: options.walletConnectRelayUrl } : {}),
  });
}
