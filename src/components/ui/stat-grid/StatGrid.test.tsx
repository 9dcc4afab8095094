// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Stat } from "../stat/Stat.tsx";
import { StatGrid } from "./StatGrid.tsx";

const dom = setUpDomRoot();

describe("StatGrid", () => {
  it("is the description list its stats' label and figure pairs belong to", () => {
    dom.render(
      <StatGrid aria-label="Rewards">
        <Stat label="Earned" value="0.12 ETH" />
        <Stat label="APR" value="2.85%" />
      </StatGrid>,
    );
    const list = dom.container().querySelector("dl");
    expect(list?.getAttribute("aria-label")).toBe("Rewards");
    expect([...(list?.querySelectorAll("dt") ?? [])].map((term) => term.textContent)).toEqual(["Earned", "APR"]);
    expect([...(list?.querySelectorAll("dd") ?? [])].map((value) => value.textContent)).toEqual(["0.12 ETH", "2.85%"]);
  });
});
