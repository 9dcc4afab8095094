import { embeddedWalletConfigResponse, embeddedWalletPaths } from "../../core/api/embedded-wallet.ts";
import { readApi } from "../api/read-api.ts";

let config: ReturnType<typeof readConfig> | undefined;
const readConfig = () => readApi(embeddedWalletPaths.config, embeddedWalletConfigResponse, {});

/** GET /embedded-wallet/config, read once (a failure is read again next time). */
function embeddedWalletConfig() {
  config ??= readConfig().catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

/** The secure frame's origin the kit loads (GET /embedded-wallet/config), undefined when the server has it off. */
export async function readSecureOrigin(): Promise<string | undefined> {
  const { enabled, secureOrigin } = await embeddedWalletConfig();
  return enabled && secureOrigin ? secureOrigin : undefined;
}

/** The social login providers the server has configured (none when the embedded wallet is off). */
export async function readSocialLogins(): Promise<readonly string[]> {
  const { enabled, socials } = await embeddedWalletConfig();
  return enabled ? (socials ?? []) : [];
}
