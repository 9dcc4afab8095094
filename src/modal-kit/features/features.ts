import type { ConnectSection } from "../connectors/connect-order.ts";

/** Social logins the kit's vendor knows (spec section 9 default order). */
export type SocialProvider = "google" | "x" | "farcaster" | "discord" | "apple" | "github" | "facebook";
/** Account features whose order walletFeaturesOrder sets. */
export type WalletFeature = "onramp" | "swaps" | "receive" | "send";
/** Ways to connect whose order connectMethodsOrder sets. */
export type ConnectMethod = "email" | "social" | "wallet";

/** Flags served by the blockchain API's appkit/v1/config (spec section 3, remote). */
export interface RemoteFeatures {
  readonly swaps: boolean;
  readonly onramp: boolean;
  readonly email: boolean;
  readonly socials: readonly SocialProvider[] | false;
  readonly activity: boolean;
  readonly reownBranding: boolean;
}

/** Flags the host sets in its options (spec section 3, local). */
export interface LocalFeatures {
  readonly receive: boolean;
  readonly send: boolean;
  readonly emailShowWallets: boolean;
  readonly connectorTypeOrder: readonly ConnectSection[];
  readonly analytics: boolean;
  readonly allWallets: boolean;
  readonly legalCheckbox: boolean;
  readonly smartSessions: boolean;
  readonly collapseWallets: boolean;
  readonly walletFeaturesOrder: readonly WalletFeature[];
  readonly connectMethodsOrder: readonly ConnectMethod[];
  readonly pay: boolean;
}

/** Every flag, resolved: the remote ones over the local ones over the defaults. */
export type Features = RemoteFeatures & LocalFeatures;

/** Spec section 9's defaults (and the vendor's for the flags the spec leaves unsaid). */
export const DEFAULT_FEATURES: Features = {
  swaps: true,
  onramp: true,
  email: true,
  socials: ["google", "x", "farcaster", "discord", "apple", "github", "facebook"],
  activity: true,
  reownBranding: true,
  receive: true,
  send: true,
  emailShowWallets: true,
  connectorTypeOrder: ["walletConnect", "recent", "injected", "featured", "custom", "external", "recommended"],
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  walletFeaturesOrder: ["onramp", "swaps", "receive", "send"],
  connectMethodsOrder: ["email", "social", "wallet"],
  pay: false,
};

const REMOTE_KEYS = ["swaps", "onramp", "email", "socials", "activity", "reownBranding"] as const;

const FEATURE_KEYS = Object.keys(DEFAULT_FEATURES) as (keyof Features)[];

/** The flags among `value`'s keys that are set (other options sharing the object are left out). */
const setFlags = (value: Partial<Features>): Partial<Features> =>
  Object.fromEntries(FEATURE_KEYS.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));

/**
 * The kit's flags: the host's local flags over the defaults, then the server's remote flags over both (a remote
 * flag the server sent wins over the host's value; one it left out keeps the host's or the default).
 */
export function resolveFeatures(
  local: Partial<Features> = {},
  remote: Partial<RemoteFeatures> | undefined = undefined,
): Features {
  const fromRemote = Object.fromEntries(
    REMOTE_KEYS.filter((key) => remote?.[key] !== undefined).map((key) => [key, remote?.[key]]),
  ) as Partial<RemoteFeatures>;
  return { ...DEFAULT_FEATURES, ...setFlags(local), ...fromRemote };
}
