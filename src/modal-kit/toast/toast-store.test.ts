import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_DURATION_MS, TOAST_SWITCH_DELAY_MS } from "./toast-store.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const copied = { variant: "success", textKey: "modalKit.account.copied" } as const;
const failed = { variant: "error", textKey: "modalKit.errors.failedToConnect" } as const;

describe("toasts", () => {
  it("shows a toast at once and closes it by itself", () => {
    const toasts = createToastStore();
    toasts.show(copied);
    expect(toasts.getState()).toEqual({ open: true, message: copied });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts.getState().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts.getState().open).toBe(false);
  });

  it("keeps a toast that does not auto-close until it is closed", () => {
    const toasts = createToastStore();
    toasts.show({ variant: "loading", textKey: "modalKit.signIn.signing", autoClose: false });
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10);
    expect(toasts.getState().open).toBe(true);
    toasts.close();
    expect(toasts.getState().open).toBe(false);
  });

  it("closes the open toast first and shows the new one 150 ms later", () => {
    const toasts = createToastStore();
    toasts.show(copied);
    toasts.show(failed);
    expect(toasts.getState()).toEqual({ open: false, message: copied });
    vi.advanceTimersByTime(TOAST_SWITCH_DELAY_MS - 1);
    expect(toasts.getState().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toasts.getState()).toEqual({ open: true, message: failed });
  });

  it("does not let the old toast's timer close the new one early", () => {
    const toasts = createToastStore();
    toasts.show(copied);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    toasts.show(failed);
    vi.advanceTimersByTime(TOAST_SWITCH_DELAY_MS + 200);
    expect(toasts.getState()).toEqual({ open: true, message: failed });
  });
});
