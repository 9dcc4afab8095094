import type { Chain } from "viem";
import type { SwitchResult } from "../connectors/connection-status.ts";
import type { Features } from "../features/features.ts";
import type { SignInOptions } from "../sign-in/sign-in-options.ts";

/** App metadata shown by wallets during pairing (spec section 3). */
export interface AppMetadata {
  readonly name: string;
  readonly description: string;
  readonly url: string;
  readonly icons: readonly string[];
}

/**
 * The kit's feature flags (spec section 3; docs/wallet-kit.md, "Feature flags and analytics"): any flag may be set
 * here; the remote ones (swaps, onramp, email, socials, activity, reownBranding) are replaced by the server's
 * appkit/v1/config when it answers.
 */
export type KitFeatures = Partial<Features> & {
  /** Let the user switch networks from the modal (default true). */
  readonly networkSwitching?: boolean;
  /** Stay quiet when the wallet is on a network that is not configured (default false: UnsupportedChain opens). */
  readonly allowUnsupportedChain?: boolean;
};

/** Everything the host passes to the kit. */
export interface ModalKitOptions {
  /** The networks offered, as viem chains; the first is the default. */
  readonly networks: readonly [Chain, ...Chain[]];
  readonly metadata: AppMetadata;
  /** Debug mode: alerts meant for the site's developer (the blockchain API refusing this origin) are shown. */
  readonly debug?: boolean;
  /** WalletConnect project id; without it only browser wallets are offered. */
  readonly projectId?: string;
  /** A WalletConnect relay of the host's own (default: the public relay). */
  readonly walletConnectRelayUrl?: string;
  /** Base URL of the wallet list API (GET /getWallets). Without it the Connect view lists installed wallets only. */
  readonly catalogueBaseUrl?: string;
  /**
   * Base URL of the blockchain API (spec section 7: balances, activity, identity, names). Without it Account
   * shows the native balance only, and RegisterAccountName cannot open.
   */
  readonly blockchainApiUrl?: string;
  readonly wallets?: {
    readonly featured?: readonly string[];
    readonly include?: readonly string[];
    readonly exclude?: readonly string[];
  };
  readonly features?: KitFeatures;
  /** RPC URLs tried before the networks' own, per chain id. */
  readonly customRpcUrls?: Readonly<Record<number, readonly string[]>>;
  /**
   * Per chain id, how to learn the preferred RPC endpoint at first use (such as asking the host's backend);
   * tried before customRpcUrls and the networks' own URLs, which take over while it cannot be reached.
   */
  readonly rpcEndpoints?: Readonly<Record<number, () => Promise<string>>>;
  /** Sign-in with Ethereum (EIP-4361); the host's server gives nonces and verifies. */
  readonly signIn?: SignInOptions;
  /**
   * The host drives the pairing connection itself: the modal opens at the basic pairing view (QR code and copy
   * link) on desktop and at AllWallets on mobile instead of Connect (spec section 2).
   */
  readonly manualConnectionControl?: boolean;
  /**
   * Called after the user switched to another wallet or account from the modal (spec section 4), with the
   * address and namespace now in use and what changed. Also available as kit.onSwitch(listener).
   */
  readonly onSwitch?: (result: SwitchResult) => void;
  /**
   * The embedded (e-mail) wallet's secure origin, learnt at run time (such as the host server's
   * GET /embedded-wallet/config); undefined or a failure leaves the e-mail login out.
   */
  readonly secureSiteOrigin?: () => Promise<string | undefined>;
  /** The social logins the secure origin can complete (its configured OIDC providers); default none. */
  readonly socialLogins?: () => Promise<readonly string[]>;
  /** Shows the kit inline instead of as a modal. */
  readonly embedded?: boolean;
  /** The kit's version, sent to the catalogue as sv. */
  readonly version?: string;
}
