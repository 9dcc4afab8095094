// @vitest-environment jsdom
import { act, useState } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Toggle } from "./Toggle.tsx";

const dom = setUpDomRoot();

function Compound() {
  const [on, setOn] = useState(false);
  return <Toggle label="Compound interest" checked={on} onChange={setOn} />;
}

describe("Toggle", () => {
  it("is a switch named by its label that flips on and off", async () => {
    dom.render(<Compound />);
    const toggle = dom.container().querySelector("button");
    expect(toggle?.getAttribute("role")).toBe("switch");
    expect(toggle?.textContent).toBe("Compound interest");
    expect(toggle?.getAttribute("aria-checked")).toBe("false");
    await act(async () => toggle?.click());
    expect(toggle?.getAttribute("aria-checked")).toBe("true");
    await act(async () => toggle?.click());
    expect(toggle?.getAttribute("aria-checked")).toBe("false");
  });
});
