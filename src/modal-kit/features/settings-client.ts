import * as z from "zod/mini";
import { HttpStatusError } from "../errors/kit-error.ts";
import { AllowedOriginsError } from "./allowed-origins-error.ts";
import type { RemoteFeatures } from "./features.ts";

export interface SettingsClientOptions {
  /** Base URL of the blockchain API, which also serves the kit's settings and analytics. */
  readonly baseUrl: string;
  readonly projectId: string;
  readonly sdkType: string;
  readonly sdkVersion: string;
  readonly fetch?: typeof globalThis.fetch;
}

/** An analytics event or error report (spec section 7, POST /e). */
export interface AnalyticsEvent {
  readonly eventId: string;
  readonly url: string;
  readonly domain: string;
  /** Unix milliseconds. */
  readonly timestamp: number;
  readonly props: Readonly<Record<string, unknown>>;
}

const socials = z.union([z.array(z.string()), z.literal(false)]);
const remoteSchema = z.object({
  features: z.partial(
    z.object({
      swaps: z.boolean(),
      onramp: z.boolean(),
      email: z.boolean(),
      socials,
      activity: z.boolean(),
      reownBranding: z.boolean(),
    }),
  ),
});
const originsSchema = z.object({ allowedOrigins: z.array(z.string()) });
const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() });

export interface SettingsClient {
  /** GET appkit/v1/config: the remote flags the server sent. */
  remoteFeatures(): Promise<Partial<RemoteFeatures>>;
  /**
   * GET projects/v1/origins. 429 throws RATE_LIMITED, 500 to 599 SERVER_ERROR, any other failure (another
   * status, no answer, a body that is not the list) gives an empty list.
   */
  allowedOrigins(): Promise<string[]>;
  /** GET getAnalyticsConfig: whether the server takes analytics; false when it cannot say (no answer, bad body). */
  analyticsEnabled(): Promise<boolean>;
  /** POST e: one analytics event or error report. */
  sendEvent(event: AnalyticsEvent): Promise<void>;
}

export function createSettingsClient(options: SettingsClientOptions): SettingsClient {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, "");
  const url = (path: string) => {
    const target = new URL(`${base}/${path}`);
    target.searchParams.set("projectId", options.projectId);
    target.searchParams.set("st", options.sdkType);
    target.searchParams.set("sv", options.sdkVersion);
    return target;
  };
  return {
    async remoteFeatures() {
      const response = await fetcher(url("appkit/v1/config"));
      if (!response.ok) throw new HttpStatusError(response);
      return remoteSchema.parse(await response.json()).features as Partial<RemoteFeatures>;
    },
    async allowedOrigins() {
      let response: Response;
      try {
        response = await fetcher(url("projects/v1/origins"));
      } catch {
        return [];
      }
      if (response.status === 429) throw new AllowedOriginsError("RATE_LIMITED", new HttpStatusError(response));
      if (response.status >= 500 && response.status <= 599)
        throw new AllowedOriginsError("SERVER_ERROR", new HttpStatusError(response));
      if (!response.ok) return [];
      const parsed = originsSchema.safeParse(await response.json().catch(() => undefined));
      return parsed.success ? parsed.data.allowedOrigins : [];
    },
    async analyticsEnabled() {
      try {
        const response = await fetcher(url("getAnalyticsConfig"));
        if (!response.ok) return false;
        const parsed = analyticsConfigSchema.safeParse(await response.json());
        return parsed.success && parsed.data.isAnalyticsEnabled;
      } catch {
        return false;
      }
    },
    async sendEvent(event) {
      const response = await fetcher(url("e"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(event),
        keepalive: true,
      });
      if (!response.ok) throw new HttpStatusError(response);
    },
  };
}
