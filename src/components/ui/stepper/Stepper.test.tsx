// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Stepper } from "./Stepper.tsx";

const dom = setUpDomRoot();
const steps = [
  { id: "details", label: "Enter staking details" },
  { id: "generate", label: "Generate deposit data" },
  { id: "review", label: "Review" },
  { id: "sign", label: "Sign and broadcast" },
];

describe("Stepper", () => {
  it("lists the steps in order, marks the current one and says which are done", () => {
    dom.render(<Stepper steps={steps} current="review" label="Staking steps" />);
    const list = dom.container().querySelector("ol");
    expect(list?.getAttribute("aria-label")).toBe("Staking steps");
    const items = [...(list?.querySelectorAll("li") ?? [])];
    expect(items.map((item) => item.textContent)).toEqual([
      "Enter staking details (done)",
      "Generate deposit data (done)",
      "Review",
      "Sign and broadcast",
    ]);
    expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, null, "step", null]);
    expect(items.map((item) => item.className.split("--")[1])).toEqual(["done", "done", "current", "upcoming"]);
  });
});
