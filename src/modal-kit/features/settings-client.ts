import { createJsonClient, urlWithQuery } from "../../core/http/json-client.ts";
import { HttpStatusError } from "../errors/kit-error.ts";
import { type At, field, flag, object, texts } from "../validation/answer-shape.ts";
import { AllowedOriginsError } from "./allowed-origins-error.ts";
import type { RemoteFeatures, SocialProvider } from "./features.ts";

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

const BOOLEAN_FLAGS = ["swaps", "onramp", "email", "activity", "reownBranding"] as const;

/**
 * The flags of an appkit/v1/config answer, as its contract (remoteConfigResponse in core/api/blockchain-api.ts)
 * with every flag optional: the kit takes whichever flags the server sends and keeps its own for the others.
 * Unknown keys are dropped. Without zod (validation/answer-shape.ts); settings-client.test.ts holds it to the
 * contract. Throws AnswerShapeError.
 */
export function decodeRemoteFeatures(body: unknown): Partial<RemoteFeatures> {
  const at: At = { request: "GET appkit/v1/config", path: "" };
  const features = object(object(body, at).features, field(at, "features"));
  const decoded: { -readonly [K in keyof RemoteFeatures]?: RemoteFeatures[K] } = {};
  for (const name of BOOLEAN_FLAGS)
    if (features[name] !== undefined) decoded[name] = flag(features[name], field(field(at, "features"), name));
  const socials = features.socials;
  // The names as sent: the contract takes any text (the social buttons show the providers the kit knows).
  if (socials !== undefined)
    decoded.socials =
      socials === false ? false : (texts(socials, field(field(at, "features"), "socials")) as SocialProvider[]);
  return decoded;
}

/** The list of a projects/v1/origins answer ({ allowedOrigins: string[] }); throws AnswerShapeError. */
export function decodeAllowedOrigins(body: unknown): string[] {
  const at: At = { request: "GET projects/v1/origins", path: "" };
  return texts(object(body, at).allowedOrigins, field(at, "allowedOrigins"));
}

/** The switch of a getAnalyticsConfig answer ({ isAnalyticsEnabled: boolean }); throws AnswerShapeError. */
export function decodeAnalyticsEnabled(body: unknown): boolean {
  const at: At = { request: "GET getAnalyticsConfig", path: "" };
  return flag(object(body, at).isAnalyticsEnabled, field(at, "isAnalyticsEnabled"));
}

/** A decoder's answer, or undefined for an answer it refuses. */
function orUndefined<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

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
      return decodeRemoteFeatures(await get("appkit/v1/config"));
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
      return orUndefined(() => decodeAllowedOrigins(body)) ?? [];
    },
    async analyticsEnabled() {
      try {
        const body = await get("getAnalyticsConfig");
        return orUndefined(() => decodeAnalyticsEnabled(body)) ?? false;
      } catch {
        return false;
      }
    },
    async sendEvent(event) {
      await client.send({ method: "POST", url: urlWithQuery(`${base}/e`, identity), body: event, keepalive: true });
    },
  };
}
