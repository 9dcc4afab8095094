// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Checkbox } from "../checkbox/Checkbox.tsx";
import { ChoiceGroup } from "./ChoiceGroup.tsx";

const dom = setUpDomRoot();

describe("ChoiceGroup", () => {
  it("names its radio buttons by its legend", () => {
    dom.render(
      <ChoiceGroup legend="What to do">
        <Checkbox radio name="kind" value="partial" label="Partial withdrawal" />
        <Checkbox radio name="kind" value="exit" label="Full withdrawal (exit)" />
      </ChoiceGroup>,
    );
    const group = dom.container().querySelector("fieldset");
    expect(group?.querySelector("legend")?.textContent).toBe("What to do");
    expect(
      [...(group?.querySelectorAll("input[type='radio']") ?? [])].map((radio) => radio.getAttribute("value")),
    ).toEqual(["partial", "exit"]);
  });
});
