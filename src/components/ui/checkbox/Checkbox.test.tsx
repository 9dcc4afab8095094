// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Checkbox } from "./Checkbox.tsx";

const dom = setUpDomRoot();

describe("Checkbox", () => {
  it("ticks when its label is clicked and is described by its hint", async () => {
    dom.render(<Checkbox label="Compound interest" hint="Rewards are restaked daily" />);
    const box = dom.container().querySelector("input");
    expect(box?.type).toBe("checkbox");
    await act(async () => dom.container().querySelector("label")?.click());
    expect(box?.checked).toBe(true);
    expect(document.getElementById(box?.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Rewards are restaked daily",
    );
  });

  it("is a radio button when asked", () => {
    dom.render(<Checkbox radio name="kind" value="exit" label="Full withdrawal (exit)" />);
    expect(dom.container().querySelector("input")?.type).toBe("radio");
  });
});
