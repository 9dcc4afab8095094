import { buttonClass } from "../components/ui/button/button-class.ts";
import { type App, app, chainsByKind, networksInHomeOrder } from "../generated/index.ts";
import { apiBaseUrl, appEnvironment } from "../lib/app-environment.ts";
import { rpcEndpointResolvers } from "../lib/app-rpc-endpoints.ts";
import { withRuntimeRpcUrl } from "../lib/runtime-config.ts";
import { createServerSignIn } from "../lib/sign-in/server-sign-in.ts";
import { ConnectWalletButton, createModalKit } from "../modal-kit/index.ts";

// The chains' public RPC URLs (the kit's fallback behind the backend's proxy) as the serving stack names them.
const [first, ...rest] = chainsByKind[appEnvironment].map(withRuntimeRpcUrl);
const projectId = (app as App).walletProjectId;
const { walletKit: settings } = app as App;

/** The wallet kit for this build's environment (VITE_APP_ENVIRONMENT), configured from the generated registry. */
export const walletKit = first
  ? createModalKit({
      networks: [first, ...rest],
      metadata: settings.metadata,
      ...(projectId ? { projectId } : {}),
      catalogueBaseUrl: `${apiBaseUrl}/wallet-catalogue`,
      blockchainApiUrl: `${apiBaseUrl}/blockchain-api`,
      // Reads go to the RPC endpoint the staking backend names (its proxy), the chains' public URLs meanwhile.
      rpcEndpoints: rpcEndpointResolvers(apiBaseUrl, networksInHomeOrder, appEnvironment),
      wallets: {
        featured: settings.featuredWalletIds,
        include: settings.includeWalletIds,
        exclude: settings.excludeWalletIds,
      },
      // Sign-in with Ethereum against the staking server (nonce and verification), when app.json requires it.
      ...(settings.signInRequired
        ? { signIn: createServerSignIn(apiBaseUrl, { required: true, statement: settings.metadata.description }) }
        : {}),
      // The e-mail wallet's secure frame, when the server has it on (GET /embedded-wallet/config); read when the
      // kit's modal first loads, so the home page's JavaScript does not grow.
      secureSiteOrigin: () =>
        import("../lib/embedded-wallet/secure-origin.ts").then((module) => module.readSecureOrigin()),
      socialLogins: () => import("../lib/embedded-wallet/secure-origin.ts").then((module) => module.readSocialLogins()),
      version: app.version,
    })
  : undefined;

/** The header's "Connect wallet" button (nothing when this build has no EVM network). */
export function WalletButton() {
  return walletKit ? <ConnectWalletButton kit={walletKit} className={buttonClass("primary")} /> : null;
}
