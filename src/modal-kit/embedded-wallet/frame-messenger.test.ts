// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createFrameMessenger, type FrameAlert } from "./frame-messenger.ts";
import { FRAME_TIMING } from "./frame-timing.ts";

const SECURE = "http://127.0.0.1:48111";
// Short limits so the test runs fast; the spec's own values are checked below.
const timing = { loadTimeoutMs: 80, readyDelayMs: 10, connectTimeoutMs: 80, signOutWaitMs: 40 };

afterEach(() => {
  for (const frame of document.querySelectorAll("iframe")) frame.remove();
});

function setup() {
  const alerts: FrameAlert[] = [];
  const messenger = createFrameMessenger({ secureOrigin: SECURE, projectId: "p1", chainId: 31337, version: "1.7.3" });
  const fast = createFrameMessenger({
    secureOrigin: SECURE,
    projectId: "p1",
    chainId: 31337,
    version: "1.7.3",
    timing,
  });
  fast.onAlert((alert) => alerts.push(alert));
  const frame = () => document.querySelector("iframe") as HTMLIFrameElement;
  /** A message as if the frame posted it from `origin`. */
  const fromFrame = (data: unknown, origin = SECURE) =>
    window.dispatchEvent(new MessageEvent("message", { data, origin, source: frame().contentWindow }));
  const sent: { type: string; id: string }[] = [];
  const ready = async () => {
    const loading = fast.ready();
    frame().contentWindow?.addEventListener("message", (event) => sent.push(event.data));
    fromFrame({ type: "@w3m-frame/READY" });
    await loading;
  };
  return { messenger, fast, alerts, frame, fromFrame, sent, ready };
}

describe("embedded wallet frame messenger", () => {
  it("uses the spec's limits: 20 s load, 500 ms ready delay, 120 s connect, 3 s sign-out", () => {
    expect(FRAME_TIMING).toEqual({
      loadTimeoutMs: 20_000,
      readyDelayMs: 500,
      connectTimeoutMs: 120_000,
      signOutWaitMs: 3_000,
    });
  });

  it("loads the frame with projectId, chainId, version, enableLogger and the app's locale of that moment", () => {
    document.documentElement.lang = "zh-CN";
    const { messenger, frame } = setup();
    void messenger.ready().catch(() => undefined);
    const src = new URL(frame().src);
    document.documentElement.lang = "";
    expect(src.origin).toBe(SECURE);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      projectId: "p1",
      chainId: "31337",
      version: "1.7.3",
      enableLogger: "false",
      locale: "zh_CN",
    });
  });

  it("fails with 'Unable to load email login dependency' and the load alert when the frame never says ready", async () => {
    const { fast, alerts } = setup();
    await expect(fast.ready()).rejects.toThrow("Unable to load email login dependency");
    expect(alerts).toEqual(["embeddedWalletLoadFailed"]);
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("ignores a ready message from another origin", async () => {
    const { fast, fromFrame } = setup();
    const loading = fast.ready();
    fromFrame({ type: "@w3m-frame/READY" }, "http://127.0.0.1:9999");
    await expect(loading).rejects.toThrow("Unable to load email login dependency");
  });

  it("resolves a SUCCESS reply with the same id and rejects an ERROR reply with its message or 'An error occurred'", async () => {
    const { fast, fromFrame, sent, ready } = setup();
    await ready();
    const user = fast.request("GET_USER");
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]?.type).toBe("@w3m-app/GET_USER");
    // A reply from another origin, or with another id, is not taken.
    fromFrame({ type: "@w3m-frame/GET_USER_SUCCESS", id: sent[0]?.id, payload: "forged" }, "http://evil.test");
    fromFrame({ type: "@w3m-frame/GET_USER_SUCCESS", id: "other", payload: "other" });
    fromFrame({ type: "@w3m-frame/GET_USER_SUCCESS", id: sent[0]?.id, payload: { address: "0x1" } });
    await expect(user).resolves.toEqual({ address: "0x1" });

    const failing = fast.request("GET_CHAIN_ID");
    await expect.poll(() => sent.length).toBe(2);
    fromFrame({ type: "@w3m-frame/GET_CHAIN_ID_ERROR", id: sent[1]?.id, payload: {} });
    await expect(failing).rejects.toThrow("An error occurred");
    const declined = fast.request("RPC_REQUEST", { method: "personal_sign" });
    await expect.poll(() => sent.length).toBe(3);
    fromFrame({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      id: sent[2]?.id,
      payload: { message: "User rejected the request.", code: 4001 },
    });
    await expect(declined).rejects.toMatchObject({ message: "User rejected the request.", code: 4001 });
  });

  it("times out a connect request with 'request timeout' and the timeout alert", async () => {
    const { fast, alerts, ready } = setup();
    await ready();
    await expect(fast.request("CONNECT_EMAIL", { email: "a@example.com" })).rejects.toThrow("request timeout");
    expect(alerts).toEqual(["embeddedWalletTimeout"]);
  });

  it("says 'Request was aborted' for an aborted RPC request and 'Something went wrong' for another", async () => {
    const { fast, ready } = setup();
    await ready();
    const rpc = new AbortController();
    const pending = fast.request("RPC_REQUEST", { method: "eth_sendTransaction" }, { signal: rpc.signal });
    rpc.abort();
    await expect(pending).rejects.toThrow("Request was aborted");
    const other = new AbortController();
    const user = fast.request("GET_USER", undefined, { signal: other.signal });
    other.abort();
    await expect(user).rejects.toThrow("Something went wrong");
  });

  it("signs out without waiting longer than the sign-out limit for an answer", async () => {
    const { fast, ready } = setup();
    await ready();
    const started = Date.now();
    await fast.signOut();
    expect(Date.now() - started).toBeGreaterThanOrEqual(timing.signOutWaitMs - 5);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("rejects sign-out when the frame answers that it could not sign out (the wallet stays connected)", async () => {
    const { frame, fromFrame } = setup();
    // The sign-out limit long enough for the answer to come first.
    const patient = createFrameMessenger({
      secureOrigin: SECURE,
      projectId: "p1",
      chainId: 31337,
      version: "1.7.3",
      timing: { ...timing, signOutWaitMs: 5_000 },
    });
    const loading = patient.ready();
    const sent: { type: string; id: string }[] = [];
    frame().contentWindow?.addEventListener("message", (event) => sent.push(event.data));
    fromFrame({ type: "@w3m-frame/READY" });
    await loading;
    const signingOut = patient.signOut();
    await expect.poll(() => sent.find((message) => message.type === "@w3m-app/SIGN_OUT")).toBeDefined();
    const id = sent.find((message) => message.type === "@w3m-app/SIGN_OUT")?.id;
    fromFrame({ type: "@w3m-frame/SIGN_OUT_ERROR", id, payload: { message: "HTTP status code: 503" } });
    await expect(signingOut).rejects.toThrow("HTTP status code: 503");
  });
});
