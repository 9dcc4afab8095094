import { app as appConfig, type WalletKit } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import type { SocialProviderSettings } from "./social-login.ts";

/** The social login providers' client secrets (OIDC_<PROVIDER>_CLIENT_SECRET): all configuredSocialProviders reads. */
export type SocialProviderSecrets = Pick<ServerConfig, Extract<keyof ServerConfig, `OIDC_${string}_CLIENT_SECRET`>>;

/** app.json's social login providers, each with its client secret from the environment when set. */
export function configuredSocialProviders(config: SocialProviderSecrets): Record<string, SocialProviderSettings> {
  return Object.fromEntries(
    Object.entries((appConfig.walletKit as WalletKit).socialLogin ?? {}).map(([provider, settings]) => {
      const secret = config[`OIDC_${provider.toUpperCase()}_CLIENT_SECRET` as keyof SocialProviderSecrets];
      return [provider, { ...settings, ...(typeof secret === "string" ? { clientSecret: secret } : {}) }];
    }),
  );
}
