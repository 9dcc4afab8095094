// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Stat } from "./Stat.tsx";

const dom = setUpDomRoot();

describe("Stat", () => {
  it("pairs its label and its figure, with the hint after the figure", () => {
    dom.render(
      <dl>
        <Stat data-field="apr" label="APR" value="2.85%" hint="(measured)" />
      </dl>,
    );
    const stat = dom.container().querySelector('[data-field="apr"]');
    expect(stat?.querySelector("dt")?.textContent).toBe("APR");
    expect(stat?.querySelector("dd")?.textContent).toBe("2.85% (measured)");
    expect(stat?.querySelector(".ui-stat__value")?.firstChild?.textContent).toBe("2.85%");
  });

  it("while loading shows a skeleton instead of the figure and its hint", () => {
    dom.render(
      <dl>
        <Stat label="APR" value="2.85%" hint="(measured)" loading />
      </dl>,
    );
    const value = dom.container().querySelector("dd");
    expect(value?.textContent).toBe("");
    expect(value?.querySelector(".ui-skeleton")).not.toBeNull();
  });
});
