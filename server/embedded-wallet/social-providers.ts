import { app as appConfig, type WalletKit } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import type { SocialProviderSettings } from "./social-login.ts";

/** app.json's social login providers, each with its client secret from the environment when set. */
export function configuredSocialProviders(config: ServerConfig): Record<string, SocialProviderSettings> {
  return Object.fromEntries(
    Object.entries((appConfig.walletKit as WalletKit).socialLogin ?? {}).map(([provider, settings]) => {
      const secret = config[`OIDC_${provider.toUpperCase()}_CLIENT_SECRET` as keyof ServerConfig];
      return [provider, { ...settings, ...(typeof secret === "string" ? { clientSecret: secret } : {}) }];
    }),
  );
}
