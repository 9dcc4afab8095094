// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Select } from "./Select.tsx";

const dom = setUpDomRoot();

describe("Select", () => {
  it("is a labelled native select whose error is announced with it", () => {
    dom.render(
      <Select label="Type of message" error="Choose a type" defaultValue="feedback">
        <option value="technical">Technical issue</option>
        <option value="feedback">Feedback</option>
      </Select>,
    );
    const select = dom.container().querySelector("select");
    expect(dom.container().querySelector("label")?.htmlFor).toBe(select?.id);
    expect(select?.value).toBe("feedback");
    expect(select?.getAttribute("aria-invalid")).toBe("true");
    const errorId = select?.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("Choose a type");
  });
});
