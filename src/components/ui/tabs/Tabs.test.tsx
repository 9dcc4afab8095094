// @vitest-environment jsdom
import { act, useState } from "react";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../../tests/support/dom-root.tsx";
import { Tabs } from "./Tabs.tsx";

const dom = setUpDomRoot();
const items = [
  { id: "all", label: "All" },
  { id: "consensus", label: "Consensus" },
  { id: "execution", label: "Execution" },
] as const;
type Id = (typeof items)[number]["id"];

function RewardTabs() {
  const [selected, setSelected] = useState<Id>("all");
  return (
    <Tabs label="Type of reward" items={items} selected={selected} onSelect={setSelected}>
      <p>Showing {selected}</p>
    </Tabs>
  );
}

const tabs = () => [...dom.container().querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const selectedTab = () => tabs().find((tab) => tab.getAttribute("aria-selected") === "true");
const press = (key: string) =>
  act(() => {
    document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });

describe("Tabs", () => {
  it("is a named tab list whose selected tab alone is in the tab order and controls the panel", () => {
    dom.render(<RewardTabs />);
    expect(dom.container().querySelector('[role="tablist"]')?.getAttribute("aria-label")).toBe("Type of reward");
    expect(tabs().map((tab) => [tab.textContent, tab.getAttribute("aria-selected"), tab.tabIndex])).toEqual([
      ["All", "true", 0],
      ["Consensus", "false", -1],
      ["Execution", "false", -1],
    ]);
    const panel = dom.container().querySelector('[role="tabpanel"]');
    expect(tabs().every((tab) => tab.getAttribute("aria-controls") === panel?.id)).toBe(true);
    expect(panel?.getAttribute("aria-labelledby")).toBe(tabs()[0]?.id);
    expect(panel?.textContent).toBe("Showing all");
  });

  it("moves to and selects the next tab with the arrow keys, wrapping around, and to the ends with Home and End", () => {
    dom.render(<RewardTabs />);
    act(() => tabs()[0]?.focus());
    press("ArrowRight");
    expect(selectedTab()?.textContent).toBe("Consensus");
    expect(document.activeElement).toBe(selectedTab());
    expect(selectedTab()?.tabIndex).toBe(0);
    expect(tabs()[0]?.tabIndex).toBe(-1);
    expect(dom.container().querySelector('[role="tabpanel"]')?.textContent).toBe("Showing consensus");
    press("ArrowRight");
    press("ArrowRight");
    expect(selectedTab()?.textContent).toBe("All");
    press("ArrowLeft");
    expect(selectedTab()?.textContent).toBe("Execution");
    expect(document.activeElement?.textContent).toBe("Execution");
    press("Home");
    expect(selectedTab()?.textContent).toBe("All");
    press("End");
    expect(selectedTab()?.textContent).toBe("Execution");
  });

  it("selects a tab when it is clicked", () => {
    dom.render(<RewardTabs />);
    act(() => tabs()[1]?.click());
    expect(selectedTab()?.textContent).toBe("Consensus");
    expect(dom.container().querySelector('[role="tabpanel"]')?.getAttribute("aria-labelledby")).toBe(tabs()[1]?.id);
  });
});
