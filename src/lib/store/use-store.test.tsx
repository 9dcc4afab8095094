// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { createStore } from "../../core/store/create-store.ts";
import { useStore } from "./use-store.ts";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const store = createStore({ count: 0, label: "a" });
let renders = 0;

function Count() {
  renders += 1;
  return <span>{useStore(store, (state) => state.count)}</span>;
}

describe("useStore", () => {
  it("renders the selected part of the state and re-renders only when it changes", () => {
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() => root.render(<Count />));
    expect(container.textContent).toBe("0");
    act(() => store.setState({ count: 1 }));
    expect(container.textContent).toBe("1");
    const before = renders;
    act(() => store.setState({ label: "b" }));
    expect(renders).toBe(before);
    act(() => root.unmount());
  });
});
