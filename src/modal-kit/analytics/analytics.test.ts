import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpStatusError } from "../errors/kit-error.ts";
import type { AnalyticsEvent } from "../features/settings-client.ts";
import { createAnalytics, withoutSecrets } from "./analytics.ts";

const page = () => ({ url: "https://stake.example/eth", domain: "stake.example" });

function analyticsWith(enabled = () => true, send?: (event: AnalyticsEvent) => Promise<void>) {
  const sent: AnalyticsEvent[] = [];
  const analytics = createAnalytics({
    enabled,
    page,
    send:
      send ??
      (async (event) => {
        sent.push(event);
      }),
  });
  return { analytics, sent };
}

describe("kit analytics (spec sections 7 and 8)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends an event with eventId, url, domain, timestamp and props", () => {
    const { analytics, sent } = analyticsWith();
    analytics.track("MODAL_OPEN", { connected: false });
    analytics.track("CONNECT_SUCCESS", { wallet: "Devnet Wallet" }, "0x00000000000000000000000000000000000000aa");
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      url: "https://stake.example/eth",
      domain: "stake.example",
      timestamp: Date.parse("2026-03-01T12:00:00Z"),
      props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } },
    });
    expect(sent[1]?.props).toEqual({
      type: "track",
      event: "CONNECT_SUCCESS",
      address: "0x00000000000000000000000000000000000000aa",
      properties: { wallet: "Devnet Wallet" },
    });
    expect(sent[0]?.eventId).not.toBe(sent[1]?.eventId);
  });

  it("sends nothing, events nor error reports, while the analytics flag is off", () => {
    let enabled = false;
    const { analytics, sent } = analyticsWith(() => enabled);
    analytics.track("MODAL_OPEN");
    analytics.reportError(new Error("boom"), "INTERNAL_SDK_ERROR");
    expect(sent).toEqual([]);
    enabled = true;
    analytics.track("MODAL_CLOSE");
    expect(sent.map((event) => event.props.event)).toEqual(["MODAL_CLOSE"]);
  });

  it("limits error reports to 5 in any 60 s", () => {
    const { analytics, sent } = analyticsWith();
    for (let i = 1; i <= 7; i += 1) analytics.reportError(new Error(`failure ${i}`), "API_ERROR");
    expect(sent.map((event) => event.props.errorMessage)).toEqual([
      "failure 1",
      "failure 2",
      "failure 3",
      "failure 4",
      "failure 5",
    ]);
    vi.advanceTimersByTime(59_999);
    analytics.reportError(new Error("still limited"), "API_ERROR");
    expect(sent).toHaveLength(5);
    vi.advanceTimersByTime(1);
    analytics.reportError(new Error("after 60 s"), "INTERNAL_SDK_ERROR");
    expect(sent).toHaveLength(6);
    expect(sent[5]?.props).toMatchObject({ errorType: "INTERNAL_SDK_ERROR", errorMessage: "after 60 s" });
    expect(sent[5]?.props.stackTrace).toEqual(expect.stringContaining("after 60 s"));
  });

  it("does not count events against the error-report limit", () => {
    const { analytics, sent } = analyticsWith();
    for (let i = 0; i < 10; i += 1) analytics.track("MODAL_OPEN");
    analytics.reportError(new Error("reported"), "API_ERROR");
    expect(sent).toHaveLength(11);
  });

  it("reports a wrapped task's failure in its category and rethrows it", async () => {
    const { analytics, sent } = analyticsWith();
    const failure = new Error("balance read failed");
    await expect(analytics.wrap(() => Promise.reject(failure), "API_ERROR")).rejects.toBe(failure);
    expect(sent[0]?.props).toMatchObject({ errorType: "API_ERROR", errorMessage: "balance read failed" });
    await expect(analytics.wrap(() => Promise.resolve(42), "API_ERROR")).resolves.toBe(42);
    expect(sent).toHaveLength(1);
  });

  it("cuts credentials and query strings out of reported texts", () => {
    const { analytics, sent } = analyticsWith();
    analytics.reportError(
      new Error("request to https://user:pa55@rpc.example/v1/?apikey=SECRET123&chainId=1 failed"),
      "API_ERROR",
    );
    expect(sent[0]?.props.errorMessage).toBe("request to https://rpc.example/v1/ failed");
    expect(JSON.stringify(sent[0])).not.toMatch(/SECRET123|pa55/);
    expect(withoutSecrets("ws://relay.example/path#token")).toBe("ws://relay.example/path");
  });

  it("stops sending after the server refuses this origin with 403", async () => {
    let calls = 0;
    const { analytics } = analyticsWith(
      () => true,
      async () => {
        calls += 1;
        throw new HttpStatusError(new Response(null, { status: 403 }));
      },
    );
    analytics.track("MODAL_OPEN");
    expect(calls).toBe(1);
    // Lets the refused delivery settle.
    await vi.advanceTimersByTimeAsync(0);
    analytics.track("MODAL_CLOSE");
    expect(calls).toBe(1);
  });

  describe("with the server's analytics config (GET getAnalyticsConfig)", () => {
    function gated(server: () => Promise<boolean>, enabled = () => true) {
      const sent: AnalyticsEvent[] = [];
      let asked = 0;
      const analytics = createAnalytics({
        enabled,
        page,
        send: async (event) => {
          sent.push(event);
        },
        serverAllows: () => {
          asked += 1;
          return server();
        },
      });
      return { analytics, sent, asked: () => asked };
    }

    it("sends nothing, events nor error reports, when the server says false, and asks it once", async () => {
      const { analytics, sent, asked } = gated(async () => false);
      analytics.track("MODAL_OPEN");
      analytics.track("CONNECT_SUCCESS", { wallet: "Devnet Wallet" });
      await vi.advanceTimersByTimeAsync(0);
      analytics.reportError(new Error("boom"), "API_ERROR");
      analytics.track("MODAL_CLOSE");
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([]);
      expect(asked()).toBe(1);
    });

    it("sends the events that waited for a true answer, in order, then the next ones at once", async () => {
      const { analytics, sent, asked } = gated(async () => true);
      analytics.track("MODAL_OPEN");
      analytics.track("CONNECT_STARTED");
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(sent.map((event) => event.props.event)).toEqual(["MODAL_OPEN", "CONNECT_STARTED"]);
      analytics.track("MODAL_CLOSE");
      expect(sent.map((event) => event.props.event)).toEqual(["MODAL_OPEN", "CONNECT_STARTED", "MODAL_CLOSE"]);
      expect(asked()).toBe(1);
    });

    it("takes a server that cannot answer as false", async () => {
      const { analytics, sent } = gated(() => Promise.reject(new TypeError("fetch failed")));
      analytics.track("MODAL_OPEN");
      await vi.advanceTimersByTimeAsync(0);
      analytics.track("MODAL_CLOSE");
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([]);
    });

    it("never asks the server while the local flag is off, and sends nothing even when it would say true", async () => {
      const { analytics, sent, asked } = gated(
        async () => true,
        () => false,
      );
      analytics.track("MODAL_OPEN");
      analytics.reportError(new Error("boom"), "INTERNAL_SDK_ERROR");
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toEqual([]);
      expect(asked()).toBe(0);
    });
  });
});
