// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { CollapsibleMenu } from "./CollapsibleMenu.tsx";

const dom = setUpDomRoot();

function render(folded = true) {
  dom.render(
    <>
      <CollapsibleMenu label="Menu" folded={folded}>
        <a href="#contact">Contact</a>
      </CollapsibleMenu>
      <p>Outside</p>
    </>,
  );
  const button = dom.container().querySelector("button");
  const panel = dom.container().querySelector<HTMLElement>(".ui-menu__panel");
  if (!button || !panel) throw new Error("menu not rendered folded");
  return { button, panel };
}

describe("CollapsibleMenu", () => {
  it("is a 'Menu' button that controls its panel and opens and closes it", () => {
    const { button, panel } = render();
    expect(button.textContent).toBe("Menu");
    expect(button.getAttribute("aria-controls")).toBe(panel.id);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hasAttribute("data-open")).toBe(false);
    act(() => button.click());
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hasAttribute("data-open")).toBe(true);
    act(() => button.click());
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape and gives focus back to its button", () => {
    const { button, panel } = render();
    act(() => button.click());
    panel.querySelector("a")?.focus();
    act(() => {
      document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes on a press outside it and on following a link in it, not on a press inside", () => {
    const { button, panel } = render();
    act(() => button.click());
    act(() => {
      panel.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    act(() => {
      dom
        .container()
        .querySelector("p")
        ?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    act(() => button.click());
    act(() => panel.querySelector("a")?.click());
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("unfolded, shows its panel inline with no button, and unfolding closes it", () => {
    const { button, panel } = render();
    act(() => button.click());
    expect(panel.hasAttribute("data-open")).toBe(true);
    dom.render(
      <>
        <CollapsibleMenu label="Menu" folded={false}>
          <a href="#contact">Contact</a>
        </CollapsibleMenu>
        <p>Outside</p>
      </>,
    );
    expect(dom.container().querySelector("button")).toBeNull();
    const inline = dom.container().querySelector<HTMLElement>(".ui-menu__panel");
    expect(inline?.hasAttribute("data-folded")).toBe(false);
    expect(inline?.hasAttribute("data-open")).toBe(false);
    expect(inline?.textContent).toBe("Contact");
    // Folded again, it starts closed.
    expect(render().button.getAttribute("aria-expanded")).toBe("false");
  });
});
