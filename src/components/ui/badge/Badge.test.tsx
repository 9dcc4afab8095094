// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Badge } from "./Badge.tsx";

const dom = setUpDomRoot();

describe("Badge", () => {
  it("shows its word in the colours of its tone, neutral by default", () => {
    dom.render(<Badge>Coming soon</Badge>);
    const badge = dom.container().firstElementChild;
    expect(badge?.textContent).toBe("Coming soon");
    expect(badge?.className).toBe("badge ui-badge ui-badge--neutral");
    dom.render(<Badge tone="success">(measured)</Badge>);
    expect(dom.container().firstElementChild?.className).toBe("badge ui-badge ui-badge--success");
    dom.render(<Badge tone="danger">Slashed</Badge>);
    expect(dom.container().firstElementChild?.className).toBe("badge ui-badge ui-badge--danger");
  });
});
