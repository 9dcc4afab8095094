/**
 * Public API of the wallet-connection modal kit. The host creates a kit from its options and renders
 * ConnectWalletButton; everything else (wagmi, the views, the styles) loads when the modal first opens.
 */
// The catalogue's types as plain interfaces (the kit checks the wallet list's answers against the same shape).
export type {
  CatalogueQuery as GetWalletsQuery,
  WalletListing,
  WalletPage as GetWalletsResponse,
} from "../core/wallet-catalogue/wallet-listing.ts";
export type { AppMetadata, KitFeatures, ModalKitOptions } from "./config/kit-options.ts";
export type { ConnectSection } from "./connectors/connect-order.ts";
export type { SwitchResult } from "./connectors/connection-status.ts";
export { HttpStatusError, KitError } from "./errors/kit-error.ts";
export { isUserRejection, PROVIDER_ERROR_CODES, ProviderError, toProviderError } from "./errors/provider-errors.ts";
export type { KitAlert } from "./features/feature-store.ts";
export type {
  ConnectMethod,
  Features,
  LocalFeatures,
  RemoteFeatures,
  SocialProvider,
  WalletFeature,
} from "./features/features.ts";
export { ConnectWalletButton, type ConnectWalletButtonProps } from "./kit/connect-wallet-button.tsx";
export type { ConnectionFacts } from "./kit/connection-facts.ts";
export { createModalKit, type ModalKit } from "./kit/create-modal-kit.ts";
export { EmbeddedModalKit } from "./kit/embedded-modal-kit.tsx";
export { useKitConnection } from "./kit/use-kit-connection.ts";
export type { OpenRequest } from "./router/pick-open-view.ts";
export { ViewUnavailableError } from "./router/view-availability.ts";
export type { ChainNamespace, View } from "./router/views.ts";
export type { SignInOptions, SignInSession } from "./sign-in/sign-in-options.ts";
