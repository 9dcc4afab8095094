import {
  APP_PREFIX,
  FRAME_HIDE,
  FRAME_PREFIX,
  FRAME_READY,
  FRAME_SHOW,
  type FrameErrorPayload,
  type FrameEvent,
  type FrameMessage,
} from "../../core/embedded-wallet/protocol.ts";
import { appLocale } from "./app-locale.ts";
import { FrameAbortError, FrameLoadError, FrameReplyError, FrameTimeoutError } from "./embedded-wallet-errors.ts";
import { FRAME_TIMING, type FrameTiming } from "./frame-timing.ts";

/** Alerts of spec section 8 the embedded wallet raises (locale keys under modalKit.alerts). */
export type FrameAlert = "embeddedWalletLoadFailed" | "embeddedWalletTimeout";

export interface FrameMessengerOptions {
  /** The secure frame's origin (GET /embedded-wallet/config's secureOrigin). */
  readonly secureOrigin: string;
  readonly projectId: string;
  readonly chainId: number;
  readonly version: string;
  readonly enableLogger?: boolean;
  readonly timing?: FrameTiming;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

export interface FrameMessenger {
  /** Loads the frame (once); rejects with FrameLoadError when it is not ready within 20 s. */
  ready(): Promise<void>;
  /** Sends one request and waits for its SUCCESS (resolves with the payload) or ERROR (FrameReplyError). */
  request<T>(event: FrameEvent, payload?: unknown, options?: RequestOptions): Promise<T>;
  /** SIGN_OUT, waiting at most 3 s for the answer; rejects (FrameReplyError) when the frame could not sign out. */
  signOut(): Promise<void>;
  onAlert(listener: (alert: FrameAlert) => void): () => void;
}

const CONNECT_EVENTS: ReadonlySet<FrameEvent> = new Set([
  "CONNECT_EMAIL",
  "CONNECT_DEVICE",
  "CONNECT_OTP",
  "CONNECT_SOCIAL",
  "CONNECT_FARCASTER",
]);

interface Pending {
  readonly event: FrameEvent;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The kit's side of the embedded wallet: an iframe of the secure origin with the spec's query (projectId,
 * chainId, version, enableLogger) and the app's locale at load time (so its first dialog is in the app's
 * language before SYNC_DAPP_DATA), requests by postMessage to that origin only, and replies accepted only
 * from that origin and that frame. The frame is hidden, except while it shows a dialog (an approval, the
 * recovery share): then it covers the page and has the focus.
 */
export function createFrameMessenger(options: FrameMessengerOptions): FrameMessenger {
  const timing = options.timing ?? FRAME_TIMING;
  const origin = new URL(options.secureOrigin).origin;
  const pending = new Map<string, Pending>();
  const alertListeners = new Set<(alert: FrameAlert) => void>();
  const alert = (value: FrameAlert) => {
    for (const listener of alertListeners) listener(value);
  };
  let frame: HTMLIFrameElement | undefined;
  let loading: Promise<void> | undefined;
  let focusBefore: Element | null = null;
  let counter = 0;

  const hide = (element: HTMLIFrameElement) => {
    element.style.cssText = "position:fixed;width:0;height:0;border:0;visibility:hidden;color-scheme:normal;";
    element.setAttribute("aria-hidden", "true");
    element.tabIndex = -1;
  };
  const show = (element: HTMLIFrameElement) => {
    focusBefore = document.activeElement;
    // color-scheme normal as the frame's own, so Chromium keeps the frame transparent over a dark page.
    element.style.cssText =
      "position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;color-scheme:normal;";
    element.removeAttribute("aria-hidden");
    element.tabIndex = 0;
    element.focus();
  };

  const onMessage = (event: MessageEvent<FrameMessage>) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const { type, id, payload } = event.data ?? {};
    if (typeof type !== "string" || !type.startsWith(FRAME_PREFIX)) return;
    if (type === FRAME_SHOW) return show(frame);
    if (type === FRAME_HIDE) {
      hide(frame);
      if (focusBefore instanceof HTMLElement) focusBefore.focus();
      return;
    }
    const request = id === undefined ? undefined : pending.get(id);
    if (!request || id === undefined) return;
    if (type === `${FRAME_PREFIX}${request.event}_SUCCESS`) request.resolve(payload);
    else if (type === `${FRAME_PREFIX}${request.event}_ERROR`) {
      const error = (payload ?? {}) as Partial<FrameErrorPayload> & { retryAfterSeconds?: number };
      request.reject(new FrameReplyError(error.message, error.code, error.retryAfterSeconds));
    } else return;
    pending.delete(id);
  };

  const load = () =>
    new Promise<void>((resolve, reject) => {
      const element = document.createElement("iframe");
      const query = new URLSearchParams({
        projectId: options.projectId,
        chainId: String(options.chainId),
        version: options.version,
        enableLogger: String(options.enableLogger ?? false),
        locale: appLocale(),
      });
      element.src = `${origin}/?${query}`;
      element.title = "Embedded wallet";
      // The recovery share's Copy button writes to the clipboard from inside the frame (a cross-origin frame
      // may only when its element allows it); nothing else of the page's permissions is handed on.
      element.allow = "clipboard-write";
      hide(element);
      const timer = setTimeout(() => {
        window.removeEventListener("message", onReady);
        element.remove();
        frame = undefined;
        loading = undefined;
        alert("embeddedWalletLoadFailed");
        reject(new FrameLoadError());
      }, timing.loadTimeoutMs);
      const onReady = (event: MessageEvent<FrameMessage>) => {
        if (event.origin !== origin || event.source !== element.contentWindow || event.data?.type !== FRAME_READY)
          return;
        clearTimeout(timer);
        window.removeEventListener("message", onReady);
        setTimeout(resolve, timing.readyDelayMs);
      };
      window.addEventListener("message", onReady);
      frame = element;
      document.body.append(element);
    });

  let listening = false;
  const ready = () => {
    if (!listening) window.addEventListener("message", onMessage);
    listening = true;
    loading ??= load();
    return loading;
  };

  async function request<T>(event: FrameEvent, payload?: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const { signal } = requestOptions;
    const rpc = event === "RPC_REQUEST";
    if (signal?.aborted) throw new FrameAbortError(rpc);
    await ready();
    // Aborted while the frame was loading: nothing is sent.
    if (signal?.aborted) throw new FrameAbortError(rpc);
    counter += 1;
    const id = `${Date.now().toString(36)}-${counter}`;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => settle(() => reject(new FrameAbortError(rpc)));
      const settle = (finish: () => void) => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        pending.delete(id);
        finish();
      };
      pending.set(id, {
        event,
        resolve: (value) => settle(() => resolve(value as T)),
        reject: (error) => settle(() => reject(error)),
      });
      signal?.addEventListener("abort", onAbort);
      if (CONNECT_EVENTS.has(event))
        timer = setTimeout(
          () =>
            settle(() => {
              alert("embeddedWalletTimeout");
              reject(new FrameTimeoutError(event));
            }),
          timing.connectTimeoutMs,
        );
      frame?.contentWindow?.postMessage({ type: `${APP_PREFIX}${event}`, id, payload }, origin);
    });
  }

  return {
    ready,
    request,
    async signOut() {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timing.signOutWaitMs);
      try {
        await request("SIGN_OUT", undefined, { signal: controller.signal });
      } catch (error) {
        // The frame answered that it could not sign out (its server kept the session): the wallet stays
        // connected and the caller says so. No answer within 3 s, or no frame at all: signed out here anyway.
        if (error instanceof FrameReplyError) throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    onAlert(listener) {
      alertListeners.add(listener);
      return () => alertListeners.delete(listener);
    },
  };
}
