import * as z from "zod/mini";
import {
  allowedOriginsResponse,
  analyticsConfigResponse,
  remoteFeaturesSchema,
} from "../../core/api/blockchain-api.ts";
import { createJsonClient, urlWithQuery } from "../../core/http/json-client.ts";
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

/** The kit takes whichever flags the server sends and keeps its own for the others. */
const remoteSchema = z.object({ features: z.partial(remoteFeaturesSchema) });

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
  const client = createJsonClient<AbortSignal, Response>({
    fetch: fetcher,
    statusError: ({ response }) => new HttpStatusError(response),
  });
  const identity = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion };
  const get = (path: string) => client.json({ url: urlWithQuery(`${base}/${path}`, identity) });
  return {
    async remoteFeatures() {
      return remoteSchema.parse(await get("appkit/v1/config")).features as Partial<RemoteFeatures>;
    },
    async allowedOrigins() {
      let body: unknown;
      try {
        body = await get("projects/v1/origins");
      } catch (error) {
        if (!(error instanceof HttpStatusError)) return [];
        if (error.status === 429) throw new AllowedOriginsError("RATE_LIMITED", error);
        if (error.status >= 500 && error.status <= 599) throw new AllowedOriginsError("SERVER_ERROR", error);
        return [];
      }
      const parsed = allowedOriginsResponse.safeParse(body);
      return parsed.success ? parsed.data.allowedOrigins : [];
    },
    async analyticsEnabled() {
      try {
        const parsed = analyticsConfigResponse.safeParse(await get("getAnalyticsConfig"));
        return parsed.success && parsed.data.isAnalyticsEnabled;
      } catch {
        return false;
      }
    },
    async sendEvent(event) {
      await client.send({ method: "POST", url: urlWithQuery(`${base}/e`, identity), body: event, keepalive: true });
    },
  };
}
