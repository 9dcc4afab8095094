import type { SocialProviderSettings } from "../server/embedded-wallet/social-login.ts";
import { socialCallbackPath } from "../server/embedded-wallet/social-login.ts";
import { type LocalOidcProvider, startLocalOidcProvider } from "../server/testing/local-oidc-provider.ts";
import { app as appConfig, type RemoteFeatures } from "../src/generated/index.ts";

/** The devnet's social login user: the "Google" button signs in as this account at once, with no password. */
export const DEVNET_SOCIAL_USER = { sub: "devnet-user-1", email: "devnet-user@example.org", name: "Devnet User" };

export interface DevnetSocialLogin {
  readonly provider: LocalOidcProvider;
  /** The secure origin's social providers: the local provider as "google", for the devnet only. */
  readonly socialProviders: Record<string, SocialProviderSettings>;
  /** app.json's wallet kit flags with the Google button turned on. */
  readonly remoteFeatures: RemoteFeatures;
}

/**
 * "Google (devnet)": a real OpenID Connect provider on loopback standing in for Google in `npm start`, so a newcomer
 * tries social login without a Google client id. It knows one account (DEVNET_SOCIAL_USER), already logged in and
 * consenting, and redirects only to the secure origin's callback. Never configured outside the devnet stack.
 */
export async function startDevnetSocialLogin(secureOrigin: string): Promise<DevnetSocialLogin> {
  const provider = await startLocalOidcProvider({
    redirectUri: `${secureOrigin}${socialCallbackPath}`,
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
