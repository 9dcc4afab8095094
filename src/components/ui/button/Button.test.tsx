// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Button } from "./Button.tsx";

const dom = setUpDomRoot();
const button = () => {
  const found = dom.container().querySelector("button");
  if (!found) throw new Error("no button rendered");
  return found;
};

describe("Button", () => {
  it("is a plain button of its variant that never submits a form by itself", () => {
    for (const variant of ["primary", "secondary", "ghost", "danger"] as const) {
      dom.render(<Button variant={variant}>Stake</Button>);
      expect(button().type).toBe("button");
      expect(button().className).toBe(`ui-button ui-button--${variant}`);
      expect(button().textContent).toBe("Stake");
    }
  });

  it("while loading shows a spinner, says it is busy and cannot be pressed", () => {
    const press = vi.fn();
    dom.render(
      <Button loading onClick={press}>
        Try again
      </Button>,
    );
    expect(button().disabled).toBe(true);
    expect(button().getAttribute("aria-busy")).toBe("true");
    expect(button().querySelector(".ui-button__spinner")?.getAttribute("aria-hidden")).toBe("true");
    act(() => button().click());
    expect(press).not.toHaveBeenCalled();
  });

  it("disabled cannot be pressed and is not busy; enabled it calls its handler", () => {
    const press = vi.fn();
    dom.render(
      <Button disabled onClick={press}>
        Stake
      </Button>,
    );
    act(() => button().click());
    expect(press).not.toHaveBeenCalled();
    expect(button().hasAttribute("aria-busy")).toBe(false);
    dom.render(<Button onClick={press}>Stake</Button>);
    act(() => button().click());
    expect(press).toHaveBeenCalledTimes(1);
    expect(button().querySelector(".ui-button__spinner")).toBeNull();
  });
});
