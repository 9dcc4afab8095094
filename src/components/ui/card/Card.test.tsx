// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Card } from "./Card.tsx";

const dom = setUpDomRoot();

describe("Card", () => {
  it("is a flat block by default, or the element asked for, raised, with its own class and attributes", () => {
    dom.render(<Card>Facts</Card>);
    expect(dom.container().innerHTML).toBe('<div class="ui-card">Facts</div>');
    dom.render(
      <ul>
        <Card as="li" raised className="network-card" aria-labelledby="network-ethereum">
          Ethereum
        </Card>
      </ul>,
    );
    const item = dom.container().querySelector("li");
    expect(item?.className).toBe("ui-card ui-card--raised network-card");
    expect(item?.getAttribute("aria-labelledby")).toBe("network-ethereum");
  });
});
