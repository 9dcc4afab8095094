import {
  APP_PREFIX,
  type AppMessage,
  errorType,
  FRAME_READY,
  type FrameErrorPayload,
  isFrameEvent,
  successType,
} from "../core/embedded-wallet/protocol.ts";
import { parseFrameQuery } from "./frame-query.ts";
import { FrameRequestError } from "./frame-request-error.ts";
import type { FrameState } from "./frame-state.ts";
import { handleEvent } from "./handle-event.ts";
import { setHostNotifier } from "./ui/dialog.ts";
import { setLanguage } from "./ui/texts.ts";
import "./frame.css";

/**
 * The secure frame: reads its query (chainId, enableLogger, the app's locale), learns the host origins its
 * server allows, then answers messages from its parent window on one of those origins only, and posts only to
 * the origin that message came from. Anything else is ignored.
 */
const query = parseFrameQuery(location.search);
const logger = query.enableLogger;
setLanguage(query.locale);
const state: FrameState = {
  chainId: query.chainId,
  email: undefined,
  address: undefined,
  userEmail: null,
};

const log = (...args: unknown[]) => {
  if (logger) console.info("[secure frame]", ...args);
};

function errorPayload(error: unknown): FrameErrorPayload {
  if (error instanceof FrameRequestError)
    return {
      message: error.message,
      ...(error.code === undefined ? {} : { code: error.code }),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  // Unexpected failures are logged here; the host gets the generic text, never internals.
  console.error(error);
  return { message: "An error occurred" };
}

async function start(): Promise<void> {
  const response = await fetch("/embedded-wallet/allowed-origins");
  const { allowedOrigins } = (await response.json()) as { allowedOrigins: string[] };
  const parent = window.parent;
  if (parent === window) return;
  let hostOrigin: string | undefined;
  // The parent's origin (Chromium's ancestorOrigins, else the referrer), when allowed, gets READY; nothing else does.
  const ancestor = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : undefined);
  if (ancestor && allowedOrigins.includes(ancestor)) hostOrigin = ancestor;
  setHostNotifier((type) => {
    if (hostOrigin) parent.postMessage({ type }, hostOrigin);
  });
  window.addEventListener("message", (event: MessageEvent<AppMessage>) => {
    if (event.source !== parent || !allowedOrigins.includes(event.origin)) return;
    const { type, id, payload } = event.data ?? {};
    if (typeof type !== "string" || typeof id !== "string" || !type.startsWith(APP_PREFIX)) return;
    const name = type.slice(APP_PREFIX.length);
    if (!isFrameEvent(name)) return;
    hostOrigin = event.origin;
    const origin = event.origin;
    log("request", name, id);
    handleEvent(state, name, payload as Record<string, unknown> | undefined).then(
      (result) => parent.postMessage({ type: successType(name), id, payload: result }, origin),
      (error: unknown) => parent.postMessage({ type: errorType(name), id, payload: errorPayload(error) }, origin),
    );
  });
  if (hostOrigin) parent.postMessage({ type: FRAME_READY }, hostOrigin);
  log("ready for", allowedOrigins);
}

void start();
