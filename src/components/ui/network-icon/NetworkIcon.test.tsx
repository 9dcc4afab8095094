// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { NetworkIcon } from "./NetworkIcon.tsx";

const dom = setUpDomRoot();

describe("NetworkIcon", () => {
  it("shows the network's own SVG from networks/icons as a decorative image of the given size", () => {
    dom.render(<NetworkIcon network={{ icon: "cosmos.svg", symbol: "ATOM" }} size={40} />);
    const image = dom.container().querySelector("img");
    // Under test the file comes inline (a data: URL); the production build links the file (see the e2e test).
    expect(decodeURIComponent(image?.getAttribute("src") ?? "")).toContain("<title>Cosmos</title>");
    expect(image?.getAttribute("alt")).toBe("");
    expect([image?.getAttribute("width"), image?.getAttribute("height")]).toEqual(["40", "40"]);
  });

  it("shows the coin symbol's first letter when the network names no icon, or one that is not there", () => {
    dom.render(<NetworkIcon network={{ symbol: "EXP" }} />);
    expect(dom.container().querySelector("img")).toBeNull();
    const letter = dom.container().querySelector(".ui-network-icon--letter");
    expect(letter?.textContent).toBe("E");
    expect(letter?.getAttribute("aria-hidden")).toBe("true");
    dom.render(<NetworkIcon network={{ icon: "example-pool.svg", symbol: "EXP" }} />);
    expect(dom.container().querySelector(".ui-network-icon--letter")?.textContent).toBe("E");
  });
});
