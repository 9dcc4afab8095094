// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Tooltip } from "./Tooltip.tsx";

const dom = setUpDomRoot();

describe("Tooltip", () => {
  it("shows on keyboard focus, is the button's description, and hides on Escape", async () => {
    dom.render(<Tooltip label="What is the service fee?" content="Paid once per validator" />);
    const button = dom.container().querySelector("button");
    const tip = dom.container().querySelector("[role='tooltip']");
    expect(button?.getAttribute("aria-label")).toBe("What is the service fee?");
    expect(document.getElementById(button?.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Paid once per validator",
    );
    expect(tip?.hasAttribute("hidden")).toBe(true);
    await act(async () => button?.focus());
    expect(tip?.hasAttribute("hidden")).toBe(false);
    await act(async () => button?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(tip?.hasAttribute("hidden")).toBe(true);
  });
});
