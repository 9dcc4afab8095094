// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Skeleton } from "./Skeleton.tsx";

const dom = setUpDomRoot();

describe("Skeleton", () => {
  it("is an empty placeholder of the given width that screen readers skip", () => {
    dom.render(<Skeleton width="12ch" />);
    const skeleton = dom.container().querySelector<HTMLElement>(".ui-skeleton");
    expect(skeleton?.getAttribute("aria-hidden")).toBe("true");
    expect(skeleton?.style.width).toBe("12ch");
    expect(skeleton?.textContent).toBe("");
  });
});
