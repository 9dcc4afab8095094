// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "./ToastProvider.tsx";
import type { ToastApi } from "./toast-types.ts";
import { useToast } from "./use-toast.ts";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let api: ToastApi;

function Capture() {
  api = useToast();
  return null;
}

const toasts = () => [...container.querySelectorAll<HTMLElement>(".toast")];

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <ToastProvider regionLabel="Notifications" closeLabel="Close notification">
        <Capture />
      </ToastProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("default to info, announced politely; warn and error are alerts", () => {
    act(() => {
      api.show({ summary: "Saved draft" });
      api.show({ severity: "success", summary: "Sent" });
      api.show({ severity: "warn", summary: "Slow network" });
      api.show({ severity: "error", summary: "Not sent" });
    });
    expect(toasts().map((toast) => [toast.dataset.severity, toast.getAttribute("role")])).toEqual([
      ["info", "status"],
      ["success", "status"],
      ["warn", "alert"],
      ["error", "alert"],
    ]);
    expect(container.querySelector("section")?.getAttribute("aria-label")).toBe("Notifications");
  });

  it("close after `life` milliseconds and not before", () => {
    act(() => {
      api.show({ summary: "Short", life: 3000 });
      api.show({ summary: "Stays" });
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(toasts()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts().map((toast) => toast.textContent)).toEqual(["Stays×"]);
  });

  it("close with their button or the Escape key, unless closable is false", () => {
    act(() => {
      api.show({ summary: "One" });
      api.show({ summary: "Two" });
      api.show({ summary: "Pinned", closable: false });
    });
    const buttons = container.querySelectorAll<HTMLButtonElement>("button");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute("aria-label")).toBe("Close notification");
    act(() => buttons[0]?.click());
    expect(toasts().map((toast) => toast.querySelector(".toast-summary")?.textContent)).toEqual(["Two", "Pinned"]);
    act(() => {
      toasts()[0]
        ?.querySelector("button")
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    act(() => {
      toasts()[0]?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(toasts().map((toast) => toast.querySelector(".toast-summary")?.textContent)).toEqual(["Pinned"]);
    expect(toasts()[0]?.querySelector("button")).toBeNull();
  });

  it("pause their countdown while hovered or focused", () => {
    act(() => {
      api.show({ summary: "Read me", life: 1000 });
    });
    const toast = toasts()[0];
    act(() => vi.advanceTimersByTime(600));
    act(() => toast?.querySelector("button")?.focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(toasts()).toHaveLength(1);
    act(() => toast?.querySelector("button")?.blur());
    act(() => vi.advanceTimersByTime(399));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(0);
  });
});
