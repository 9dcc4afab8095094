import * as z from "zod/mini";
import { readApi } from "../api/read-api.ts";

/** GET /embedded-wallet/config (main origin): whether the e-mail wallet is on, and its secure frame's origin. */
export const embeddedWalletConfigPath = "/embedded-wallet/config";

export const embeddedWalletConfigResponse = z.object({
  enabled: z.boolean(),
  secureOrigin: z.nullable(z.optional(z.string())),
});

/** The secure frame's origin the kit loads, or undefined when this server has the e-mail wallet off. */
export async function readSecureOrigin(): Promise<string | undefined> {
  const config = await readApi(embeddedWalletConfigPath, embeddedWalletConfigResponse, {});
  return config.enabled && config.secureOrigin ? config.secureOrigin : undefined;
}
