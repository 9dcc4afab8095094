import type { SettingsClient, SettingsClientOptions } from "./settings-client.ts";

/**
 * The settings client, loaded on its first call: its answer checks (zod) then load with the modal, whose
 * opening reads the flags, rather than with the host's first page.
 */
export function lazySettingsClient(options: SettingsClientOptions): SettingsClient {
  let client: Promise<SettingsClient> | undefined;
  const loaded = () => {
    client ??= import("./settings-client.ts").then((module) => module.createSettingsClient(options));
    return client;
  };
  return {
    remoteFeatures: async () => (await loaded()).remoteFeatures(),
    allowedOrigins: async () => (await loaded()).allowedOrigins(),
    analyticsEnabled: async () => (await loaded()).analyticsEnabled(),
    sendEvent: async (event) => (await loaded()).sendEvent(event),
  };
}
