import type { Connector } from "wagmi";
import type { KitConnector } from "../connectors/kit-connector.ts";

/** A wagmi connector as the kit lists it: EIP-6963 announcements carry their rdns as id. */
export function toKitConnector(connector: Connector): KitConnector {
  const rdns = typeof connector.rdns === "string" ? connector.rdns : connector.rdns?.[0];
  const type =
    connector.type === "AUTH"
      ? "AUTH"
      : connector.id === "injected"
        ? "INJECTED"
        : connector.id === "walletConnect"
          ? "WALLET_CONNECT"
          : connector.type === "injected"
            ? "ANNOUNCED"
            : "EXTERNAL";
  return {
    id: connector.id,
    name: connector.name,
    type,
    chain: "eip155",
    ...(connector.icon ? { imageUrl: connector.icon } : {}),
    ...(rdns ? { info: { rdns, ...(connector.icon ? { icon: connector.icon } : {}) } } : {}),
  };
}
