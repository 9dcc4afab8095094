// @vitest-environment jsdom
import { act, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { useDisclosure } from "./use-disclosure.ts";

const dom = setUpDomRoot();

function Disclosure({ name, children }: { name: string; children?: ReactNode }) {
  const { open, buttonProps, panelProps } = useDisclosure();
  return (
    <div>
      <button type="button" {...buttonProps}>
        {name}
      </button>
      <div hidden={!open} data-panel={name} {...panelProps}>
        <a href="#somewhere">{`${name} link`}</a>
        {children}
      </div>
    </div>
  );
}

function render() {
  dom.render(
    <>
      <Disclosure name="Outer">
        <Disclosure name="Inner" />
      </Disclosure>
      <p>Outside</p>
    </>,
  );
  const buttons = dom.container().querySelectorAll("button");
  const [outer, inner] = [buttons[0], buttons[1]];
  if (!outer || !inner) throw new Error("disclosures not rendered");
  return { outer, inner };
}

function pressEscape() {
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent("keydown", { key: "Escape", bubbles: true }),
    );
  });
}

function pointerDown(element: Element | null) {
  act(() => {
    element?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
  });
}

describe("useDisclosure", () => {
  it("gives the button aria-expanded and aria-controls naming its panel, and toggles it", () => {
    const { outer } = render();
    const panel = dom.container().querySelector<HTMLElement>('[data-panel="Outer"]');
    expect(outer.getAttribute("aria-controls")).toBe(panel?.id);
    expect(outer.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.hidden).toBe(true);
    act(() => outer.click());
    expect(outer.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.hidden).toBe(false);
    act(() => outer.click());
    expect(outer.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the innermost open disclosure first on Escape, with focus back on its button each time", () => {
    const { outer, inner } = render();
    act(() => outer.click());
    act(() => inner.click());
    dom.container().querySelector<HTMLElement>('[data-panel="Inner"] a')?.focus();
    pressEscape();
    expect(inner.getAttribute("aria-expanded")).toBe("false");
    expect(outer.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(inner);
    pressEscape();
    expect(outer.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(outer);
  });

  it("ignores Escape while closed and keys other than Escape while open", () => {
    const { outer } = render();
    outer.focus();
    pressEscape();
    expect(outer.getAttribute("aria-expanded")).toBe("false");
    act(() => outer.click());
    act(() => {
      outer.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    });
    expect(outer.getAttribute("aria-expanded")).toBe("true");
  });

  it("closes on a press outside its button and panel, not on a press inside them", () => {
    const { outer, inner } = render();
    act(() => outer.click());
    act(() => inner.click());
    pointerDown(dom.container().querySelector('[data-panel="Inner"]'));
    expect(inner.getAttribute("aria-expanded")).toBe("true");
    // Inside the outer panel but outside the inner disclosure: only the inner one closes.
    pointerDown(dom.container().querySelector('[data-panel="Outer"] > a'));
    expect(inner.getAttribute("aria-expanded")).toBe("false");
    expect(outer.getAttribute("aria-expanded")).toBe("true");
    pointerDown(outer);
    expect(outer.getAttribute("aria-expanded")).toBe("true");
    pointerDown(dom.container().querySelector("p"));
    expect(outer.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on following a link in its panel", () => {
    const { outer } = render();
    act(() => outer.click());
    act(() => dom.container().querySelector<HTMLElement>('[data-panel="Outer"] > a')?.click());
    expect(outer.getAttribute("aria-expanded")).toBe("false");
  });
});
