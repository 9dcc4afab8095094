/** Every view of the modal (spec section 2). The sign-in helper views come last. */
export const VIEWS = [
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "ConnectingExternal",
  "ConnectingFarcaster",
  "EmailLogin",
  "UpdateEmailWallet",
  "ProfileWallets",
  "SwitchNetwork",
  "SwitchActiveChain",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  "SignInConnect",
  "SignInMessage",
  "SignInApproveTransaction",
] as const;

export type View = (typeof VIEWS)[number];

/** Chain namespaces the kit knows (spec section 3). */
export const CHAIN_NAMESPACES = ["eip155", "solana", "polkadot", "bip122", "cosmos"] as const;

export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number];

/** What a view may need besides its name: the wallet being connected, the network to switch to, ... */
export interface RouteData {
  readonly connectorId?: string;
  readonly walletId?: string;
  readonly caipNetworkId?: string;
  readonly namespace?: ChainNamespace;
  /** The account name RegisterAccountNameSuccess shows. */
  readonly accountName?: string;
  /** The e-mail address EmailLogin logs in with. */
  readonly email?: string;
  /**
   * The part of Account shown: its token and activity tabs (default), the send form, the confirmation of a send
   * just mined ("sent", with `sent`) or the receive QR.
   */
  readonly panel?: "send" | "sent" | "receive";
  /** The send the "sent" panel confirms. */
  readonly sent?: SentTransfer;
}

/** A send that was mined: what the confirmation shows. */
export interface SentTransfer {
  /** The transaction hash (0x and 64 hex digits). */
  readonly hash: `0x${string}`;
  /** Whole tokens, as entered. */
  readonly amount: string;
  readonly symbol: string;
  /** The receiver's checksummed address. */
  readonly receiver: string;
  /** The token's balance read after the receipt (whole tokens, floored to 3 decimals); undefined if that read failed. */
  readonly balance: string | undefined;
}

export interface Route {
  readonly view: View;
  readonly data: RouteData;
}
