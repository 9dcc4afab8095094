import { embeddedWalletConfigResponse, embeddedWalletPaths } from "../api/embedded-wallet.ts";
import { readApi } from "../api/read-api.ts";

/** The secure frame's origin the kit loads (GET /embedded-wallet/config), undefined when the server has it off. */
export async function readSecureOrigin(): Promise<string | undefined> {
  const config = await readApi(embeddedWalletPaths.config, embeddedWalletConfigResponse, {});
  return config.enabled && config.secureOrigin ? config.secureOrigin : undefined;
}
