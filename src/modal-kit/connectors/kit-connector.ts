import type { ChainNamespace } from "../router/views.ts";

/** Connector kinds of spec section 3. */
export type ConnectorType = "ANNOUNCED" | "INJECTED" | "WALLET_CONNECT" | "EXTERNAL" | "MULTI_CHAIN" | "AUTH";

/** A way to connect, as the modal lists it (spec section 3, "Connector"). */
export interface KitConnector {
  readonly id: string;
  readonly name: string;
  readonly type: ConnectorType;
  readonly chain: ChainNamespace;
  readonly imageUrl?: string;
  readonly imageId?: string;
  readonly info?: { readonly rdns?: string; readonly icon?: string };
  /** The wallet's id in the wallet catalogue, when known. */
  readonly explorerId?: string;
  /** For a MULTI_CHAIN entry: the per-chain connectors it stands for. */
  readonly connectors?: readonly KitConnector[];
}
