import { embeddedWalletPaths } from "../src/core/api/embedded-wallet.ts";
import { app as appConfig, type RemoteFeatures } from "../src/generated/index.ts";
import type { LocalOidcProvider } from "./local-oidc-provider.ts";

/** The devnet's social login user: the "Google" button signs in as this account at once, with no password. */
export const DEVNET_SOCIAL_USER = { sub: "devnet-user-1", email: "devnet-user@example.org", name: "Devnet User" };

export interface DevnetSocialLogin {
  readonly provider: LocalOidcProvider;
  /**
   * The secure origin's social providers: the local provider as "google", for the devnet only (the shape of the
   * server's social provider settings; start-stack.ts hands them to the server).
   */
  readonly socialProviders: Record<
    string,
    { readonly issuer: string; readonly clientId: string; readonly scopes: readonly string[] }
  >;
  /** app.json's wallet kit flags with the Google button turned on. */
  readonly remoteFeatures: RemoteFeatures;
}

/**
 * "Google (devnet)": a real OpenID Connect provider on loopback standing in for Google in `npm start`, so a newcomer
 * tries social login without a Google client id. It knows one account (DEVNET_SOCIAL_USER), already logged in and
 * consenting, and redirects only to the secure origin's callback. Never configured outside the devnet stack.
 */
export async function startDevnetSocialLogin(secureOrigin: string, port = 0): Promise<DevnetSocialLogin> {
  // Loaded here, not with this module: the browser tests' stack imports devnet/stack.ts and needs no OIDC provider.
  const { startLocalOidcProvider } = await import("./local-oidc-provider.ts");
  const provider = await startLocalOidcProvider({
    port,
    redirectUri: `${secureOrigin}${embeddedWalletPaths.socialCallback}`,
    account: DEVNET_SOCIAL_USER,
    clientId: "stake-app-devnet",
  });
  return {
    provider,
    socialProviders: {
      google: { issuer: provider.issuer, clientId: provider.clientId, scopes: ["openid", "email", "profile"] },
    },
    remoteFeatures: { ...appConfig.walletKit.remoteFeatures, socials: ["google"] },
  };
}
