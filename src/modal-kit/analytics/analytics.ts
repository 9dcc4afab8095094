import { HttpStatusError } from "../errors/kit-error.ts";
import type { AnalyticsEvent } from "../features/settings-client.ts";

/** Kit events sent to POST /e (spec section 7). */
export type KitEventName =
  | "MODAL_OPEN"
  | "MODAL_CLOSE"
  | "CONNECT_STARTED"
  | "CONNECT_SUCCESS"
  | "CONNECT_ERROR"
  | "SEND_SUCCESS"
  | "SEND_ERROR"
  | "REGISTER_NAME_SUCCESS"
  | "REGISTER_NAME_ERROR"
  | "SWITCH_NETWORK";

/** Categories of error reports (spec section 8). */
export type ErrorCategory = "INTERNAL_SDK_ERROR" | "API_ERROR";

/** Spec section 9: error reports are limited to 5 per 60 s. */
const REPORTS_PER_WINDOW = 5;
const REPORT_WINDOW_MS = 60_000;

export interface AnalyticsOptions {
  readonly send: (event: AnalyticsEvent) => Promise<void>;
  /** The analytics flag, read at each event (the remote config may arrive later). */
  readonly enabled: () => boolean;
  /**
   * The server's word (GET getAnalyticsConfig), asked once, when the first event is due with the flag on; events
   * wait for it, and none is sent when it says false. Without it, events go out as they come.
   */
  readonly serverAllows?: () => Promise<boolean>;
  /** Called once when the server refuses this origin (HTTP 403 on POST /e). */
  readonly onRefused?: () => void;
  readonly now?: () => number;
  readonly page?: () => { readonly url: string; readonly domain: string };
}

export interface Analytics {
  /** Sends an event; properties are short facts (wallet name, network), never secrets. */
  track(event: KitEventName, properties?: Readonly<Record<string, string | number | boolean>>, address?: string): void;
  /** Sends an error report, at most 5 in any 60 s (more are dropped). */
  reportError(error: unknown, category: ErrorCategory): void;
  /** Runs `task`; its failure is reported in `category` and rethrown. */
  wrap<T>(task: () => Promise<T>, category: ErrorCategory): Promise<T>;
}

/** Credentials and query strings (API keys, tokens) cut from URLs in texts that leave the browser. */
export function withoutSecrets(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@"'`]*@)?([^\s?#"'`]*)[^\s"'`]*/gi, "$1$2");
}

const eventId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

const browserPage = () => ({ url: withoutSecrets(location.href), domain: location.hostname });

/**
 * The kit's analytics: events and error reports to the blockchain API's POST /e, nothing while the analytics
 * flag is off or the server's analytics config says false. A delivery failure is dropped (analytics never break
 * the modal); after the server refuses this origin (403, 'Invalid App Configuration') nothing more is sent.
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const now = options.now ?? Date.now;
  const page = options.page ?? browserPage;
  const reportTimes: number[] = [];
  let refused = false;
  // The server's answer once known; events due before it wait in `waiting`.
  const { serverAllows } = options;
  let allowed: boolean | undefined = serverAllows ? undefined : true;
  let asked = false;
  const waiting: AnalyticsEvent[] = [];
  const deliver = (event: AnalyticsEvent) => {
    if (refused) return;
    options.send(event).catch((error: unknown) => {
      if (error instanceof HttpStatusError && error.status === 403 && !refused) {
        refused = true;
        options.onRefused?.();
      }
    });
  };
  const post = (props: Record<string, unknown>) => {
    if (refused || !options.enabled() || allowed === false) return;
    const { url, domain } = page();
    const event = { eventId: eventId(), url, domain, timestamp: now(), props };
    if (allowed) return deliver(event);
    waiting.push(event);
    if (asked || !serverAllows) return;
    asked = true;
    void serverAllows()
      .catch(() => false)
      .then((answer) => {
        allowed = answer;
        for (const due of waiting.splice(0)) if (answer) deliver(due);
      });
  };
  const reportError = (error: unknown, category: ErrorCategory) => {
    if (!options.enabled()) return;
    const at = now();
    while (reportTimes.length > 0 && at - (reportTimes[0] ?? 0) >= REPORT_WINDOW_MS) reportTimes.shift();
    if (reportTimes.length >= REPORTS_PER_WINDOW) return;
    reportTimes.push(at);
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    post({ errorType: category, errorMessage: withoutSecrets(message), stackTrace: withoutSecrets(stack) });
  };
  return {
    track(event, properties = {}, address) {
      post({ type: "track", event, ...(address ? { address } : {}), properties });
    },
    reportError,
    async wrap(task, category) {
      try {
        return await task();
      } catch (error) {
        reportError(error, category);
        throw error;
      }
    },
  };
}
